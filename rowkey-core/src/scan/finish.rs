//! The end of a scan's replay: a struct-level or Java-hash salt written
//! when the prefix gives its inputs, else the fan-out over its values, and
//! the shape the ranges share.

use super::shape::{self, first_range, First, Shape, SpreadFan};
use super::{Scan, Tail, MAX_FAN_OUT, MAX_SALT_FIELDS, SMALL_ROW};
use crate::{Error, ErrorKind, RowKey};
use core::num::NonZeroU32;

impl<K: RowKey> Scan<'_, K> {
    /// The shape of the ranges (see [`Shape`]), with the static row bound.
    ///
    /// # Errors
    /// Rows longer than the bound (which every value should keep to).
    #[inline(always)]
    fn shape(&self, buckets: usize, salt_fan: Option<usize>) -> Result<Shape, Error> {
        // Positions are at most `ROW_MAX` (checked by the caller), within
        // `u16`; a fanned-out salt has at most 5 chars and buckets at most
        // 65536 ranges (`count <= MAX_FAN_OUT`): a small shape, cheap to
        // move.
        let pos = |x: usize| u16::try_from(x).unwrap_or(u16::MAX);
        let shape = Shape {
            len: pos(self.len),
            n: pos(self.len + self.gap),
            lo_len: pos(self.lo_len),
            hi_len: pos(self.hi_len),
            lo: self.lo,
            hi: self.hi,
            open: self.open,
            framed: self.framed,
            buckets: u32::try_from(buckets)
                .ok()
                .and_then(NonZeroU32::new)
                .unwrap_or(NonZeroU32::MIN),
            salt_fan: salt_fan.map_or(0, |c| u8::try_from(c).unwrap_or(0)),
            java_fan: 0,
            bound: u16::try_from(self.row_bound).unwrap_or(u16::MAX),
            succ: self.succ,
        };
        // The static bound holds for every value (each slot counted in it
        // has a fixed width); should it not, the rows are refused rather
        // than copied short. The shape keeps the constant, not the rows'
        // own end, so that the optimizer sees it where the ranges are
        // copied. Short rows are copied whole, without it.
        if Self::CAP > SMALL_ROW && shape.rows_end() > self.row_bound {
            return Err(Self::overflow_error(self.last_field));
        }
        Ok(shape)
    }

    /// The open `#[spread]` field the ranges fan out over, if any.
    #[inline(always)]
    fn spread_fan(&self) -> Option<SpreadFan> {
        let (at, put) = self.spread?;
        Some(SpreadFan {
            at,
            width: self.spread_width,
            put,
            salt: self.shard_salt(),
        })
    }

    /// Whether the scan gives every input of its Java-hash salt (an open
    /// spread's bytes are given by each range).
    #[inline(always)]
    fn java_known(&self) -> bool {
        match self.java {
            Some((_, 0)) => self.whole,
            Some((_, fields)) => self.salt_seen == fields,
            None => false,
        }
    }

    /// A struct-level salt over an open spread's bytes, whose inputs the
    /// scan gives otherwise: each range hashes its own (`shape::write_fan`).
    #[inline(always)]
    fn shard_salt(&self) -> Option<shape::ShardSalt> {
        if !self.shard_salt || self.spread.is_none() {
            return None;
        }
        let mut shard = shape::ShardSalt {
            slots: self.salt_slots,
            java_buckets: 0,
            width: 0,
            zero_first: false,
            delim: None,
            fields: 0,
            spread_order: self.spread_order,
            spread_part: crate::__private::SaltPart::Whole,
        };
        match (self.java, self.salt) {
            (Some((salt, fields)), _) if self.java_known() => {
                shard.java_buckets = salt.buckets;
                // 1 to 4 bytes (`scan_state_java`).
                shard.width = u8::try_from(salt.width).ok()?;
                shard.zero_first = salt.zero_first;
                shard.fields = fields;
            }
            (None, Some((chars, delim, fields))) if self.salt_seen == fields => {
                (shard.width, shard.delim, shard.fields) = (chars, delim, fields);
                let order = usize::from(self.spread_order);
                shard.spread_part = *self.salt_parts.get(order)?;
                // The other slots' bytes are the prefix's, the same in
                // every range: cut to what the salt hashes once, here.
                let c = usize::from(chars);
                let rest = crate::buf(&self.ranges.rows.start).get(c..).unwrap_or(&[]);
                let listed = shard.slots.iter_mut().zip(&self.salt_parts);
                for (j, (slot, &how)) in listed.enumerate().take(usize::from(fields)) {
                    let (s, e) = (usize::from(slot.0), usize::from(slot.1));
                    if j == order {
                        continue;
                    }
                    if let Some(bytes) = rest.get(s.saturating_sub(c)..e.saturating_sub(c)) {
                        let cut = bytes.len() - crate::__private::salt_part(bytes, how).len();
                        slot.1 = u16::try_from(e - cut).unwrap_or(slot.1);
                    }
                }
            }
            _ => return None,
        }
        Some(shard)
    }

    /// Writes a Java-hash salt the scan gives every input of into both rows;
    /// returns the salt when its inputs are left open (the ranges fan out
    /// over its values).
    #[inline(always)]
    fn java_salt(&mut self) -> Option<crate::__private::JavaSalt> {
        let (salt, fields) = self.java?;
        if !self.java_known() {
            return Some(salt);
        }
        if self.shard_salt && self.spread.is_some() {
            // The salt depends on the shard: each range works out its own
            // (`shape::write_fan`), from the rows with its shard written.
            return None;
        }
        let w = salt.width;
        let rows = &mut self.ranges.rows;
        let (head, prefix) = crate::buf_mut(&mut rows.start)[..self.len].split_at_mut(w);
        let value = if fields == 0 {
            crate::__private::java_salt_of(&[prefix], salt)
        } else {
            let mut parts: [&[u8]; MAX_SALT_FIELDS] = [&[]; MAX_SALT_FIELDS];
            let slots = &self.salt_slots[..usize::from(fields)];
            for (part, &(s, e)) in parts.iter_mut().zip(slots) {
                let (s, e) = (usize::from(s), usize::from(e));
                *part = prefix
                    .get(s.saturating_sub(w)..e.saturating_sub(w))
                    .unwrap_or(&[]);
            }
            crate::__private::java_salt_of(&parts[..usize::from(fields)], salt)
        };
        crate::__private::write_be(value, head);
        if self.copied {
            let (start, stop) = (crate::buf(&rows.start), crate::buf_mut(&mut rows.stop));
            stop[..w].copy_from_slice(&start[..w]);
        }
        None
    }

    /// Ends the scan: writes a given struct-level salt, copies the prefix to
    /// the stop row, and decides the fan-out (0 when nothing can match) and
    /// the rows every range shares (see [`first_range`](ScanRanges::first_range)).
    #[inline(always)]
    pub(super) fn finish(mut self) -> Result<(), Error> {
        if let Some(e) = self.error {
            return Err(e);
        }
        if self.len + self.gap > Self::ROW_MAX {
            return Err(Self::overflow_error(self.last_field));
        }
        let len = self.len;
        let java_fan = self.java_salt();
        let rows = &mut self.ranges.rows;
        let mut salt_fan = None;
        if let Some((chars, delim, fields)) = self.salt {
            let (chars, fields) = (usize::from(chars), usize::from(fields));
            if usize::from(self.salt_seen) == fields {
                let mut parts: [&[u8]; MAX_SALT_FIELDS] = [&[]; MAX_SALT_FIELDS];
                let (head, prefix) = crate::buf_mut(&mut rows.start)[..len].split_at_mut(chars);
                for ((part, &(s, e)), &how) in parts
                    .iter_mut()
                    .zip(&self.salt_slots[..fields])
                    .zip(&self.salt_parts)
                {
                    let (s, e) = (usize::from(s), usize::from(e));
                    let slot = prefix
                        .get(s.saturating_sub(chars)..e.saturating_sub(chars))
                        .unwrap_or(&[]);
                    *part = crate::__private::salt_part(slot, how);
                }
                crate::__private::md5_hex_joined_into(&parts[..fields], delim, head);
            } else {
                salt_fan = Some(chars);
            }
            let room = chars + usize::from(delim.is_some());
            let (start, stop) = (
                crate::buf_mut(&mut rows.start),
                crate::buf_mut(&mut rows.stop),
            );
            if let Some(d) = delim {
                start[chars] = d;
            }
            if self.copied {
                // The salt room is the part of the prefix written since.
                stop[..room].copy_from_slice(&start[..room]);
            }
        }
        let buckets = if self.buckets == 0 {
            1
        } else {
            self.buckets as usize
        };
        let salts = match (salt_fan, java_fan) {
            (_, Some(salt)) => salt.buckets as usize,
            (Some(chars), _) if chars <= 4 => 1usize << (4 * chars),
            (Some(_), _) => usize::MAX,
            (None, None) => 1,
        };
        let count = salts.saturating_mul(buckets);
        if count > MAX_FAN_OUT {
            return Err(Error::field(
                K::NAME,
                "salt",
                ErrorKind::Invalid {
                    reason: "the scan would fan out over more than 2^20 (1048576) salt and \
                             bucket ranges: give the scan every field the struct-level salt \
                             hashes, so that the salt is known (a Java-hash salt over the \
                             whole key is known only when every field is given)",
                },
            ));
        }
        // Both rows share the prefix (salt room included).
        if !self.copied {
            let (start, stop) = (crate::buf(&rows.start), crate::buf_mut(&mut rows.stop));
            stop[..len].copy_from_slice(&start[..len]);
        }
        let n = self.len + self.gap;
        let mut shape = self.shape(buckets, salt_fan)?;
        let spread = self.spread_fan();
        if let Some(salt) = java_fan {
            // 1 to 4 bytes (`scan_state_java`).
            shape.java_fan = u8::try_from(salt.width).unwrap_or(0);
        }
        // Whether a range is empty depends on its bounds alone, not on the
        // salt or bucket in front of them (a carry out of a bound moves start
        // and stop alike): the first range decides for all. It is worked out
        // on the rows themselves, which are put back after.
        // Below a framed field's least value (its slot all zero bytes: `..0`,
        // `..""` on a padded string) no key sorts: the range would be a byte
        // range holding no key. (An unframed last field's values are not
        // framed: `..[0]` still holds the key ending in an empty value.)
        // Below a bound as long as that least value (or longer) the range
        // is empty already, which `first_range` finds: the zero bytes are
        // looked at only when the start row may be shorter.
        // A key that starts with a salt or bucket keeps the check first,
        // before the rows are worked out: when the range count is known
        // not to be zero, the optimizer unrolls the caller's loop over the
        // 16 ranges of a fan-out, zeroing each range with inline stores
        // (log_event: fewer instructions, 1.31x the hand-written loop in
        // wall time). `SPREAD` is a constant, so each layout has one way.
        let spreads = !matches!(K::SPREAD, crate::Spread::None);
        let below_least = self.hi == Tail::Excluded
            && self.framed
            && (spreads || self.lo == Tail::Unbounded || self.lo_len < self.hi_len)
            && crate::buf(&self.ranges.rows.stop)[n..n + self.hi_len]
                .iter()
                .all(|&b| b == 0);
        let ranges = self.ranges;
        // Otherwise worked out whenever the bounds were written, so that
        // the row lengths stored do not depend on whether the range is
        // empty.
        let first = if self.nothing || (spreads && below_least) {
            First {
                shared: false,
                lens: None,
                selects: false,
            }
        } else {
            let mut first = first_range(&shape, spread.as_ref(), &mut ranges.rows, count > 1);
            first.selects &= !below_least;
            first
        };
        ranges.start(shape, spread, &first, count);
        Ok(())
    }
}
