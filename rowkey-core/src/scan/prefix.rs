//! A scan's exact prefix: each given field's bytes, written once into the
//! start row, the slots a struct-level salt hashes, and the fan-outs the
//! prefix leaves open (a `#[spread]` shard, a bucket).

use super::{shape, Scan};
use crate::__private::WriteFrame;
use crate::part::KeyPart;
use crate::{Error, ErrorKind, RowKey};

impl<K: RowKey> Scan<'_, K> {
    /// Appends one field's exact bytes through `put`, which writes at most
    /// `max` bytes at the given position and advances it. A refusal ends
    /// the scan at once (the derived steps return it with `?`), so that the
    /// state after the last step is the success path's alone, which the
    /// optimizer can fold (a padded prefix's length is a constant).
    ///
    /// # Errors
    /// The value's refusal, or rows that would pass `SCAN_CAP`.
    #[inline(always)]
    pub fn push(
        &mut self,
        field: &'static str,
        max: usize,
        put: impl FnOnce(&mut [u8], &mut usize) -> Result<(), Error>,
    ) -> Result<(), Error> {
        self.last_field = field;
        let Some(end) = self.len.checked_add(max).filter(|&e| e <= Self::ROW_MAX) else {
            return Err(Self::overflow_error(field));
        };
        let mut pos = self.len;
        put(
            &mut crate::buf_mut(&mut self.ranges.rows.start)[..end],
            &mut pos,
        )?;
        self.len = pos.min(end);
        Ok(())
    }

    /// [`push`](Scan::push) of a field's value by its length and writer
    /// functions: the derive's call, with no closure of its own per field.
    ///
    /// # Errors
    /// As [`push`](Scan::push).
    #[inline(always)]
    pub fn push_value<V>(
        &mut self,
        field: &'static str,
        value: &V,
        len: impl FnOnce(&V) -> usize,
        put: impl FnOnce(&V, &mut [u8], &mut usize) -> Result<(), Error>,
    ) -> Result<(), Error> {
        self.push(field, len(value), |buf, pos| put(value, buf, pos))
    }

    /// [`push_value`](Scan::push_value) of a plain field (no salt, bucket,
    /// digits, escape, reversal or inversion), written by the runtime's
    /// plain writer: such a field has no writer of its own.
    ///
    /// # Errors
    /// As [`push`](Scan::push).
    #[inline(always)]
    pub fn push_plain<V: KeyPart>(
        &mut self,
        field: &'static str,
        value: &V,
        frame: WriteFrame,
    ) -> Result<(), Error> {
        crate::rule::push_field::<K, V, crate::rule::NoPrefix, crate::rule::Part>(
            self, field, value, frame,
        )
    }

    /// Records the slot of the field a struct-level salt hashes `order`-th
    /// (its place in `fields(..)`, which need not be key order): its start,
    /// its end once pushed, and what of it the salt hashes. Call after
    /// [`push`](Scan::push).
    ///
    /// # Errors
    /// A position past `u16` (not below HBase's limit).
    #[inline(always)]
    pub fn salt_slot(
        &mut self,
        order: usize,
        start: usize,
        part: crate::__private::SaltPart,
    ) -> Result<(), Error> {
        // Positions are below SCAN_CAP, which HBase's 32767-byte limit
        // keeps within `u16`.
        let (Ok(start), Ok(end)) = (u16::try_from(start), u16::try_from(self.len)) else {
            return Err(Self::overflow_error(self.last_field));
        };
        if let (Some(slot), Some(how)) = (
            self.salt_slots.get_mut(order),
            self.salt_parts.get_mut(order),
        ) {
            *slot = (start, end);
            *how = part;
            self.salt_seen += 1;
        }
        Ok(())
    }

    /// Bytes of the exact prefix so far.
    #[must_use]
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether nothing was pushed.
    #[must_use]
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The `#[spread]` field is given (a value or a range): it does not fan
    /// out.
    #[inline(always)]
    pub fn spread_given(&mut self) {
        self.spread_given = true;
    }

    /// The field after a `#[spread(count)]` field is given and the spread
    /// was not: the prefix makes room for the spread's `width` bytes, which
    /// each range fills with its shard through `put` (the spread field's
    /// own writer), and the ranges fan out over the `count` shards.
    ///
    /// `salt_slot` is the spread field's place in the struct-level salt's
    /// `fields(..)` and what of it the salt hashes, when listed: the salt
    /// then depends on the shard.
    ///
    /// # Errors
    /// A spread whose width depends on its value (`#[decimal]` without a
    /// width), which no one range can hold a room for; rows past the cap.
    #[inline(always)]
    pub fn fan_spread(
        &mut self,
        field: &'static str,
        count: u32,
        width: Option<usize>,
        put: shape::ShardWriter,
        salt_slot: Option<(usize, crate::__private::SaltPart)>,
    ) -> Result<(), Error> {
        if self.spread_given || self.spread.is_some() {
            return Ok(());
        }
        let Some(width) = width else {
            return Err(Error::field(
                K::NAME,
                field,
                ErrorKind::Invalid {
                    reason: "a scan can leave a #[spread] field open only when every shard \
                             takes the same bytes; give it #[decimal(W)] instead of #[decimal], \
                             or give the scan its value",
                },
            ));
        };
        let end = self.len + width;
        if end > Self::ROW_MAX || self.buckets != 0 {
            return Err(Self::overflow_error(field));
        }
        let at = u16::try_from(self.len).map_err(|_| Self::overflow_error(field))?;
        put(
            0,
            &mut crate::buf_mut(&mut self.ranges.rows.start)[self.len..end],
        );
        self.spread = Some((at, put));
        self.spread_width = u16::try_from(width).unwrap_or(0);
        self.buckets = count;
        self.len = end;
        // A Java-hash salt over every byte hashes the shard; a salt over
        // listed fields, when the spread is one of them (its slot is the
        // room).
        self.shard_salt = matches!(self.java, Some((_, 0)));
        if let (Some((order, how)), true) = (salt_slot, self.java.is_some() || self.salt.is_some())
        {
            self.salt_slot(order, usize::from(at), how)?;
            self.shard_salt = true;
            // A place past the slots kept is not recorded (`salt_slot`):
            // the salt is then never known.
            self.spread_order = u8::try_from(order).unwrap_or(u8::MAX);
        }
        Ok(())
    }

    /// The next field is bucketed and not fixed by the prefix: fan out.
    #[inline(always)]
    pub fn fan_bucket(&mut self, count: u32) {
        if self.spread.is_some() {
            // One fan-out per scan: the ranges' counter is the spread's.
            self.fail(Error::key(
                K::NAME,
                ErrorKind::Invalid {
                    reason: "this scan leaves a #[spread] field open and would fan out over a \
                             #[bucket] as well; give the spread field a value (or the \
                             bucketed field one)",
                },
            ));
            return;
        }
        if self.buckets == 0 && (2..=65536).contains(&count) {
            self.buckets = count;
            self.gap = crate::__private::bucket_width(count);
        }
    }
}
