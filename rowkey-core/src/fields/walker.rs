//! Decode's walk over a key's fields, one call per field.

use super::key_salt::{record_slot, salt_error};
use super::{read_end, CheckRule, ReadRule, Value};
use crate::__private::{push_segment, NoSink, SaltSink};
use crate::rule::frame::take;
use crate::{Error, ErrorKind, RowKey, Segment, SegmentKind};
use core::marker::PhantomData;

/// Decode's walk over a key's bytes: where it is, the segments it has
/// recorded, where its salt checks go (`NoSink`: checked where read; batch
/// verification queues them) and, for a key with a struct-level salt, the
/// slots of its `M` fields. The derive reads each field through it, one
/// call per field (measured: a group read returning a tuple cost 2 to 4
/// instructions per key more).
pub struct Walker<'de, 's, K, const VERIFY: bool, const N: usize, S = NoSink, const M: usize = 0> {
    input: &'de [u8],
    pos: usize,
    segs: &'s mut [Segment; N],
    seg: usize,
    sink: S,
    slots: [(usize, usize); M],
    salt: &'de [u8],
    key: PhantomData<K>,
}

impl<'de, 's, K: RowKey, const VERIFY: bool, const N: usize> Walker<'de, 's, K, VERIFY, N> {
    /// A walk from the key's first byte.
    #[inline(always)]
    pub fn new(input: &'de [u8], segs: &'s mut [Segment; N]) -> Self {
        Self::with_sink(input, segs, NoSink)
    }
}

impl<'de, 's, K: RowKey, const VERIFY: bool, const N: usize, S: SaltSink, const M: usize>
    Walker<'de, 's, K, VERIFY, N, S, M>
{
    /// A walk from the key's first byte whose salt checks go to `sink`.
    #[inline(always)]
    pub fn with_sink(input: &'de [u8], segs: &'s mut [Segment; N], sink: S) -> Self {
        Walker {
            input,
            pos: 0,
            segs,
            seg: 0,
            sink,
            slots: [(0, 0); M],
            salt: &[],
            key: PhantomData,
        }
    }

    /// Reads the next field, as rule type `F` says.
    ///
    /// # Errors
    /// The field's refusal.
    #[inline(always)]
    pub fn read<F: ReadRule<'de, K>>(&mut self) -> Result<F::V, Error> {
        let at = self.pos;
        let v = F::read::<VERIFY, N, S>(
            self.input,
            &mut self.pos,
            self.segs,
            &mut self.seg,
            &mut self.sink,
        )?;
        self.record::<F>(at);
        Ok(v)
    }

    /// Checks the next field without building its value (batch
    /// verification: a `&str` that is ASCII needs no full UTF-8 check).
    ///
    /// # Errors
    /// The field's refusal.
    #[inline(always)]
    pub fn check<F: CheckRule<'de, K> + Value>(&mut self) -> Result<(), Error> {
        let at = self.pos;
        F::check::<VERIFY, N, S>(
            self.input,
            &mut self.pos,
            self.segs,
            &mut self.seg,
            &mut self.sink,
        )?;
        self.record::<F>(at);
        Ok(())
    }

    #[inline(always)]
    fn record<F: Value>(&mut self, at: usize) {
        record_slot::<F>(&mut self.slots, at, self.pos);
    }

    /// The struct-level salt at the key's front (and its delimiter), kept
    /// for [`end`](Self::end) to check.
    ///
    /// # Errors
    /// The key ends early or lacks the salt's delimiter.
    #[inline(always)]
    pub fn salt(&mut self) -> Result<(), Error> {
        let Some(spec) = K::__KEY_SALT else {
            return Ok(());
        };
        self.salt =
            take(self.input, &mut self.pos, spec.chars).map_err(|k| salt_error(K::NAME, k))?;
        if let Some(d) = spec.delim {
            let got = take(self.input, &mut self.pos, 1).map_err(|k| salt_error(K::NAME, k))?;
            if got[0] != d {
                return Err(salt_error(K::NAME, ErrorKind::MissingDelimiter { byte: d }));
            }
        }
        // The salt's delimiter, if any, is shown as part of the salt.
        push_segment(
            self.segs,
            &mut self.seg,
            "salt",
            SegmentKind::Salt,
            0,
            self.pos,
        );
        Ok(())
    }

    /// [`end`](Self::end), then the key the walk read: the walk's tail,
    /// so that the generated body has no `?` or `Ok` of its own there.
    ///
    /// # Errors
    /// As [`end`](Self::end).
    #[inline(always)]
    pub fn finish<T>(self, key: T) -> Result<T, Error> {
        match self.end() {
            Ok(()) => Ok(key),
            Err(e) => Err(e),
        }
    }

    /// The end of the walk: the struct-level salt checked against the
    /// slots it hashes (or handed to the sink), then bytes left after the
    /// last field refused, named after it.
    ///
    /// # Errors
    /// A salt that does not match; trailing bytes.
    #[inline(always)]
    pub fn end(mut self) -> Result<(), Error> {
        if let Some(spec) = K::__KEY_SALT {
            if VERIFY && !spec.defer_check(&mut self.sink, &self.slots) {
                let hex = spec.hex(self.input, &self.slots);
                if spec.salt_of(&hex) != self.salt {
                    return Err(salt_error(K::NAME, ErrorKind::SaltMismatch));
                }
            }
        }
        read_end::<K>(self.input, self.pos)
    }
}
