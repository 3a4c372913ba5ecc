//! A struct-level MD5 salt (`#[rowkey(salt(md5, K, fields(..)))]`) over
//! the field list: the slots of the fields it hashes are recorded as they
//! are written or read, and the salt is written, deferred or checked from
//! them once every field is through.

use super::{encode_start, DeferRule, Value, WriteRule};
use crate::__private::{salt_part, DeferredSalts, SaltPart, SaltSink};
use crate::rule::salt::write_digest_hex;
use crate::{Error, ErrorKind, RowKey, MAX_SALT_FIELDS};
use core::marker::PhantomData;

/// The struct-level salt as the derive declares it: `chars` hex
/// characters, then `delim` if any, before the first field, hashing the
/// slots of the fields `parts` lists (their index and what of the slot is
/// hashed), in that order.
#[derive(Clone, Copy)]
pub struct KeySaltSpec {
    /// Hex characters.
    pub chars: usize,
    /// The byte after them; with one, the salt hashes the values joined
    /// by it.
    pub delim: Option<u8>,
    /// The hashed fields, in the order listed.
    pub parts: &'static [(usize, SaltPart)],
}

impl KeySaltSpec {
    /// The salt's bytes, its delimiter included.
    #[must_use]
    pub const fn width(&self) -> usize {
        self.chars + if self.delim.is_some() { 1 } else { 0 }
    }

    /// The listed slots, in order (at most `MAX_SALT_FIELDS`: the derive
    /// refuses more).
    #[inline(always)]
    fn slots<const M: usize>(
        &self,
        slots: &[(usize, usize); M],
    ) -> ([(usize, usize); MAX_SALT_FIELDS], usize) {
        let mut out = [(0, 0); MAX_SALT_FIELDS];
        let n = self.parts.len().min(MAX_SALT_FIELDS);
        for (o, (i, _)) in out.iter_mut().zip(self.parts) {
            *o = slots.get(*i).copied().unwrap_or((0, 0));
        }
        (out, n)
    }

    /// The first `chars` hex characters of the MD5 of the listed slots of
    /// `bytes` (the rest of the array unwritten). Inlined with the spec a constant, the loop
    /// unrolls into the key's fields.
    #[inline(always)]
    pub(crate) fn hex<const M: usize>(
        &self,
        bytes: &[u8],
        slots: &[(usize, usize); M],
    ) -> [u8; 32] {
        use md5::Digest;
        let mut h = md5::Md5::new();
        for (j, &(i, how)) in self.parts.iter().enumerate() {
            if let (Some(d), true) = (self.delim, j > 0) {
                h.update([d]);
            }
            let (at, end) = slots.get(i).copied().unwrap_or((0, 0));
            h.update(salt_part(bytes.get(at..end).unwrap_or(&[]), how));
        }
        let mut hex = [0u8; 32];
        write_digest_hex(&h.finalize(), &mut hex[..self.chars.min(32)]);
        hex
    }

    /// The salt's characters of [`hex`](Self::hex).
    #[inline(always)]
    pub(crate) fn salt_of<'h>(&self, hex: &'h [u8; 32]) -> &'h [u8] {
        &hex[..self.chars.min(32)]
    }

    /// Hands the check of the salt at the key's front to `sink`; `false`
    /// when it must be checked here (a joined salt hashes bytes the key
    /// does not hold in one run, and plain decode's sink takes none).
    #[inline(always)]
    pub(crate) fn defer_check<S: SaltSink, const M: usize>(
        &self,
        sink: &mut S,
        slots: &[(usize, usize); M],
    ) -> bool {
        if self.delim.is_some() || !S::TAKES {
            return false;
        }
        let (listed, n) = self.slots(slots);
        sink.defer_check("salt", 0, self.chars, &listed[..n])
    }
}

/// `encode_into` of a key with a struct-level salt: each field written
/// and its slot recorded (`M` fields), then the salt.
pub struct Writer<'b, K, const M: usize> {
    buf: &'b mut [u8],
    pos: usize,
    slots: [(usize, usize); M],
    key: PhantomData<K>,
}

impl<'b, K: RowKey, const M: usize> Writer<'b, K, M> {
    /// After the length check, at the first field.
    ///
    /// # Errors
    /// An empty or too long key, or a buffer shorter than it.
    #[inline(always)]
    pub fn new(key: &K, buf: &'b mut [u8]) -> Result<Self, Error> {
        let pos = encode_start(key, buf)?;
        Ok(Writer {
            buf,
            pos,
            slots: [(0, 0); M],
            key: PhantomData,
        })
    }

    /// Writes the next field, as rule type `F` says.
    ///
    /// # Errors
    /// The field's refusal.
    #[inline(always)]
    pub fn write<F: WriteRule<K>>(&mut self, v: &F::V) -> Result<(), Error> {
        let at = self.pos;
        F::write(v, self.buf, &mut self.pos)?;
        self.record::<F>(at);
        Ok(())
    }

    /// Writes the next field for batch encoding, a deferred salt left to
    /// `salts`.
    ///
    /// # Errors
    /// The field's refusal.
    #[inline(always)]
    pub fn defer<F: DeferRule<K>>(
        &mut self,
        v: &F::V,
        salts: &mut DeferredSalts,
    ) -> Result<(), Error> {
        let at = self.pos;
        F::defer(v, self.buf, &mut self.pos, salts)?;
        self.record::<F>(at);
        Ok(())
    }

    #[inline(always)]
    fn record<F: Value>(&mut self, at: usize) {
        record_slot::<F>(&mut self.slots, at, self.pos);
    }

    /// The salt written over the slots; the key's length.
    #[inline(always)]
    #[must_use]
    pub fn finish(self) -> usize {
        if let Some(spec) = K::__KEY_SALT {
            let hex = spec.hex(self.buf, &self.slots);
            let salt = spec.salt_of(&hex);
            if let Some(head) = self.buf.get_mut(..salt.len()) {
                head.copy_from_slice(salt);
            }
            if let (Some(d), Some(at)) = (spec.delim, self.buf.get_mut(spec.chars)) {
                *at = d;
            }
        }
        self.pos
    }

    /// Batch encoding's end: the salt left to `salts` when it hashes the
    /// slots as written, else written here; the key's length.
    #[inline(always)]
    pub fn finish_deferred(self, salts: &mut DeferredSalts) -> usize {
        match K::__KEY_SALT {
            Some(spec) if spec.delim.is_none() => {
                let (listed, n) = spec.slots(&self.slots);
                salts.defer("salt", 0, spec.chars, &listed[..n]);
                self.pos
            }
            _ => self.finish(),
        }
    }
}

/// The refusal of a struct-level salt, named as its segment is.
#[cold]
pub(crate) fn salt_error(key: &'static str, kind: ErrorKind) -> Error {
    Error::field(key, "salt", kind)
}

/// Records field `F`'s slot, written or read from `at` to `end`, for a
/// struct-level salt that hashes it (`slots` is empty for a key without
/// one): the slot without the field's own prefix.
#[inline(always)]
pub(super) fn record_slot<F: Value>(slots: &mut [(usize, usize)], at: usize, end: usize) {
    if let Some(slot) = slots.get_mut(F::INDEX) {
        *slot = (at + F::PREFIX, end);
    }
}
