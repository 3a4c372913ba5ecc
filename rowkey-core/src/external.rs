//! Field types from other crates, each behind a feature (off by default):
//! `uuid::Uuid` as its 16 bytes, the way Java writes a `UUID` (most then
//! least significant long, big-endian), and points in time as Java's `long`
//! epoch milliseconds (`Instant.toEpochMilli()`, `System.currentTimeMillis()`),
//! the design notes' timestamps: `std::time::SystemTime` with `std`,
//! `chrono::DateTime<Utc>` with `chrono`, `time::OffsetDateTime` with `time`.
//!
//! A time is written as `Bytes.toBytes(millis)` and takes `#[reverse_ts]`
//! (`Long.MAX_VALUE - millis`). Times before 1970 and times with a
//! sub-millisecond part are refused rather than truncated: a key holds whole
//! milliseconds from 0 to `i64::MAX`, and a value must decode back to itself.

#[allow(unused_imports, reason = "which are used depends on the features")]
use crate::part::{DecodePart, KeyPart, OrderedPart, ReverseTs};
#[allow(unused_imports, reason = "which are used depends on the features")]
use crate::ErrorKind;

#[allow(dead_code, reason = "used by whichever time features are on")]
const BEFORE_EPOCH: ErrorKind = ErrorKind::Invalid {
    reason: "a time before 1970-01-01 has no key: epoch milliseconds are stored as a \
             non-negative Java long",
};
#[allow(dead_code, reason = "used by whichever time features are on")]
const SUB_MILLI: ErrorKind = ErrorKind::Invalid {
    reason: "a time with a sub-millisecond part cannot be stored whole in epoch milliseconds; \
             truncate it to whole milliseconds first",
};
#[allow(dead_code, reason = "used by whichever time features are on")]
const TOO_LATE: ErrorKind = ErrorKind::Invalid {
    reason: "a time over i64::MAX epoch milliseconds has no key",
};

#[allow(dead_code, reason = "used by whichever features are on")]
fn put(out: &mut [u8], bytes: &[u8]) -> Result<(), ErrorKind> {
    if out.len() != bytes.len() {
        return Err(ErrorKind::Invalid {
            reason: "field body has the wrong width",
        });
    }
    out.copy_from_slice(bytes);
    Ok(())
}

/// The stored milliseconds back, refusing what no time encodes to.
#[allow(dead_code, reason = "used by whichever time features are on")]
fn stored_millis(bytes: &[u8]) -> Result<i64, ErrorKind> {
    i64::try_from(u64::decode_part(bytes)?).map_err(|_| TOO_LATE)
}

/// `KeyPart`, `DecodePart`, `OrderedPart` and `ReverseTs` for a time type
/// from its conversions to and from epoch milliseconds.
#[allow(unused_macros, reason = "used by whichever time features are on")]
macro_rules! millis_type {
    (
        $t:ty,
        to: |$s:ident| $to:expr,
        from: |$ms:ident| $from:expr,
        floor: |$f:ident| $floor:expr,
        sub_milli: |$sub_t:ident| $sub:expr
    ) => {
        impl KeyPart for $t {
            const WIDTH: Option<usize> = Some(8);
            #[inline]
            fn encoded_len(&self) -> usize {
                8
            }
            #[inline]
            fn encode_part(&self, out: &mut [u8]) -> Result<(), ErrorKind> {
                let $s = self;
                let ms: Result<u64, ErrorKind> = $to;
                put(out, &ms?.to_be_bytes())
            }
            /// A bound no key holds (a sub-millisecond part, before 1970,
            /// past `i64::MAX` milliseconds) is the whole millisecond on
            /// its inner side: rounded up for a lower bound, down for an
            /// upper one, as a `#[reverse_ts]` range's bounds are.
            fn bound_fit(&self, upper: bool) -> crate::part::BoundFit<Self> {
                use crate::part::BoundFit;
                let $s = self;
                let ms: Result<u64, ErrorKind> = $to;
                if ms.is_ok() {
                    return BoundFit::Exact;
                }
                let at = if upper {
                    ReverseTs::to_i128(self)
                } else {
                    ReverseTs::to_i128_ceil(self)
                };
                let beyond = |below: bool| {
                    if below == upper {
                        BoundFit::Nothing
                    } else {
                        BoundFit::Everything
                    }
                };
                let Ok(ms) = u64::try_from(at) else {
                    return beyond(true);
                };
                if i64::try_from(ms).is_err() {
                    return beyond(false);
                }
                // The time of those whole milliseconds, as a key reads it.
                <Self as DecodePart>::decode_part(&ms.to_be_bytes())
                    .map_or(BoundFit::Exact, BoundFit::Included)
            }
        }

        impl DecodePart<'_> for $t {
            #[inline]
            fn decode_part(bytes: &[u8]) -> Result<Self, ErrorKind> {
                let $ms = stored_millis(bytes)?;
                $from
            }
        }
        impl OrderedPart for $t {}
        impl ReverseTs for $t {
            #[inline]
            fn to_reversed(&self) -> Result<u64, ErrorKind> {
                let $s = self;
                let ms: Result<u64, ErrorKind> = $to;
                ms?.to_reversed()
            }
            #[inline]
            fn from_reversed(stored: u64) -> Result<Self, ErrorKind> {
                let $ms = i64::from_reversed(stored)?;
                $from
            }
            /// Whole milliseconds, rounded down: a scan bound's position.
            fn to_i128(&self) -> i128 {
                let $f = self;
                $floor
            }
            /// Whole milliseconds, rounded up: the floor, plus one for a
            /// time that a key cannot hold (a sub-millisecond part).
            fn to_i128_ceil(&self) -> i128 {
                let $f = self;
                let floor: i128 = $floor;
                let $sub_t = self;
                let sub: bool = $sub;
                floor.saturating_add(i128::from(sub))
            }
        }
    };
}

#[cfg(feature = "std")]
mod system_time {
    extern crate std;
    use super::{
        put, stored_millis, DecodePart, ErrorKind, KeyPart, OrderedPart, ReverseTs, BEFORE_EPOCH,
        SUB_MILLI, TOO_LATE,
    };
    use std::time::{Duration, SystemTime, UNIX_EPOCH};

    fn to_millis(t: &SystemTime) -> Result<u64, ErrorKind> {
        let d = t.duration_since(UNIX_EPOCH).map_err(|_| BEFORE_EPOCH)?;
        if !d.subsec_nanos().is_multiple_of(1_000_000) {
            return Err(SUB_MILLI);
        }
        u64::try_from(d.as_millis())
            .ok()
            .filter(|&ms| i64::try_from(ms).is_ok())
            .ok_or(TOO_LATE)
    }

    fn floor_millis(t: &SystemTime) -> i128 {
        match t.duration_since(UNIX_EPOCH) {
            Ok(d) => i128::try_from(d.as_millis()).unwrap_or(i128::MAX),
            Err(e) => {
                let d = e.duration();
                let ms = i128::try_from(d.as_millis()).unwrap_or(i128::MAX);
                // Rounded down: -1.5 ms is -2.
                -ms - i128::from(!d.subsec_nanos().is_multiple_of(1_000_000))
            }
        }
    }

    millis_type!(
        SystemTime,
        to: |t| to_millis(t),
        from: |ms| {
            let ms = u64::try_from(ms).map_err(|_| BEFORE_EPOCH)?;
            UNIX_EPOCH.checked_add(Duration::from_millis(ms)).ok_or(TOO_LATE)
        },
        floor: |t| floor_millis(t),
        sub_milli: |t| match t.duration_since(UNIX_EPOCH) {
            Ok(d) => !d.subsec_nanos().is_multiple_of(1_000_000),
            Err(e) => !e.duration().subsec_nanos().is_multiple_of(1_000_000),
        }
    );
}

#[cfg(feature = "chrono")]
mod chrono_time {
    use super::{
        put, stored_millis, DecodePart, ErrorKind, KeyPart, OrderedPart, ReverseTs, BEFORE_EPOCH,
        SUB_MILLI, TOO_LATE,
    };
    use chrono::{DateTime, Utc};

    fn to_millis(t: &DateTime<Utc>) -> Result<u64, ErrorKind> {
        // A leap second (nanos over 10^9) has no millisecond of its own.
        let nanos = t.timestamp_subsec_nanos();
        if !nanos.is_multiple_of(1_000_000) || nanos >= 1_000_000_000 {
            return Err(SUB_MILLI);
        }
        u64::try_from(t.timestamp_millis()).map_err(|_| BEFORE_EPOCH)
    }

    millis_type!(
        DateTime<Utc>,
        to: |t| to_millis(t),
        from: |ms| DateTime::<Utc>::from_timestamp_millis(ms).ok_or(TOO_LATE),
        floor: |t| i128::from(t.timestamp_millis()),
        sub_milli: |t| !t.timestamp_subsec_nanos().is_multiple_of(1_000_000)
    );
}

#[cfg(feature = "time")]
mod time_time {
    use super::{
        put, stored_millis, DecodePart, ErrorKind, KeyPart, OrderedPart, ReverseTs, BEFORE_EPOCH,
        SUB_MILLI, TOO_LATE,
    };
    use time::OffsetDateTime;

    fn to_millis(t: &OffsetDateTime) -> Result<u64, ErrorKind> {
        let nanos = t.unix_timestamp_nanos();
        if nanos % 1_000_000 != 0 {
            return Err(SUB_MILLI);
        }
        let ms = nanos / 1_000_000;
        if ms < 0 {
            return Err(BEFORE_EPOCH);
        }
        u64::try_from(ms).map_err(|_| TOO_LATE)
    }

    millis_type!(
        OffsetDateTime,
        to: |t| to_millis(t),
        from: |ms| {
            OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
                .map_err(|_| TOO_LATE)
        },
        floor: |t| t.unix_timestamp_nanos().div_euclid(1_000_000),
        sub_milli: |t| t.unix_timestamp_nanos().rem_euclid(1_000_000) != 0
    );
}

#[cfg(feature = "uuid")]
mod uuid_type {
    use super::{put, DecodePart, ErrorKind, KeyPart, OrderedPart};
    use uuid::Uuid;

    /// RFC 4122 byte order, which is Java's `UUID` written as its most
    /// significant long, then its least significant long, big-endian.
    impl KeyPart for Uuid {
        const WIDTH: Option<usize> = Some(16);
        #[inline]
        fn encoded_len(&self) -> usize {
            16
        }
        #[inline]
        fn encode_part(&self, out: &mut [u8]) -> Result<(), ErrorKind> {
            put(out, self.as_bytes())
        }
    }
    impl DecodePart<'_> for Uuid {
        #[inline]
        fn decode_part(bytes: &[u8]) -> Result<Self, ErrorKind> {
            <[u8; 16]>::decode_part(bytes).map(Uuid::from_bytes)
        }
    }
    impl OrderedPart for Uuid {}
}

#[cfg(all(test, feature = "std"))]
mod tests {
    extern crate std;
    use super::{DecodePart, KeyPart, ReverseTs};
    use std::time::{Duration, SystemTime, UNIX_EPOCH};

    fn encode(t: &SystemTime) -> Result<[u8; 8], crate::ErrorKind> {
        let mut out = [0u8; 8];
        t.encode_part(&mut out).map(|()| out)
    }

    #[test]
    fn system_time_is_java_epoch_millis() {
        let t = UNIX_EPOCH + Duration::from_millis(1_700_000_000_123);
        assert_eq!(encode(&t), Ok(1_700_000_000_123u64.to_be_bytes()));
        assert_eq!(SystemTime::decode_part(&encode(&t).unwrap()), Ok(t));
        assert_eq!(
            t.to_reversed(),
            Ok(i64::MAX as u64 - 1_700_000_000_123),
            "Long.MAX_VALUE - millis"
        );
        assert_eq!(SystemTime::from_reversed(t.to_reversed().unwrap()), Ok(t));
    }

    #[test]
    fn times_a_millisecond_key_cannot_hold_are_refused() {
        // Before 1970, and a sub-millisecond part: refused, not truncated.
        let before = UNIX_EPOCH - Duration::from_millis(1);
        assert!(encode(&before).is_err());
        assert!(before.to_reversed().is_err());
        let sub = UNIX_EPOCH + Duration::from_micros(1_500);
        assert!(encode(&sub).is_err());
        // A stored number no time writes: over i64::MAX.
        assert!(SystemTime::decode_part(&u64::MAX.to_be_bytes()).is_err());
        // Scan bounds round down to the millisecond.
        assert_eq!(sub.to_i128(), 1);
        assert_eq!((UNIX_EPOCH - Duration::from_micros(1_500)).to_i128(), -2);
    }
}
