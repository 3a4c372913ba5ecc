//! rowkey with default features off (issue 6.4): no `std`, no `alloc`. The
//! keys borrow from the caller's bytes, encode into stack buffers and scan
//! without a heap, as on an embedded target or in a `no_std` storage engine.
//! Built by CI with `cargo test --manifest-path tests/no-std/Cargo.toml`; the
//! library itself is `#![no_std]`, only its unit tests link the test harness.
#![no_std]
#![forbid(unsafe_code)]

use rowkey::{DecodeKey, Error, KeyRange, RowKey};

/// Salt, pad, bucket and reverse timestamp, all bounded: a `MAX_LEN` stack
/// buffer holds every key.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
// The bucket after the salted device spreads one device's channels: meant.
#[rowkey(spread_not_first)]
pub struct Reading<'a> {
    #[salt(md5, 2)]
    #[pad(12)]
    pub device: &'a str,
    #[bucket(8)]
    pub channel: u32,
    #[reverse_ts]
    pub ts: u64,
    #[pad(6, 0xff)]
    pub unit: &'a [u8],
    pub value: i32,
}

/// A delimited string and unbounded bytes last: no `MAX_LEN`, sized with
/// `encoded_len`.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
pub struct Blob<'a> {
    #[delim]
    pub bucket: &'a str,
    pub flag: bool,
    pub id: [u8; 4],
    pub data: &'a [u8],
}

/// Encodes into a caller's stack buffer and reads the key back, borrowing
/// from that buffer.
///
/// # Errors
/// As `encode_into` and `decode`.
pub fn round_trip<'b>(
    key: &Reading<'_>,
    buf: &'b mut [u8; Reading::MAX_LEN],
) -> Result<Reading<'b>, Error> {
    let n = key.encode_into(buf)?;
    Reading::decode(&buf[..n])
}

/// How many ranges the scan of a device's readings over `from..to` has, and
/// whether `key` lies in one of them. With a channel the bucket is fixed (one
/// range); without, the scan fans out over the 8 buckets.
///
/// # Errors
/// A device name too long for its pad.
pub fn device_scan(device: &str, channel: Option<u32>, key: &[u8]) -> Result<(usize, bool), Error> {
    let ranges = match channel {
        Some(channel) => Reading::scan().device(device).channel(channel).ranges()?,
        None => Reading::scan().device(device).ranges()?,
    };
    let count = ranges.len();
    let hit = ranges.into_iter().any(|r| r.contains(key));
    Ok((count, hit))
}

/// Whether `key` lies in the scan of one device and channel over a time
/// range.
///
/// # Errors
/// A device name too long for its pad.
pub fn time_scan(
    device: &str,
    channel: u32,
    from: u64,
    to: u64,
    key: &[u8],
) -> Result<bool, Error> {
    let mut ranges = Reading::scan()
        .device(device)
        .channel(channel)
        .ts(from..to)
        .ranges()?;
    Ok(ranges.len() == 1 && ranges.any(|r: KeyRange<_>| r.contains(key)))
}

/// Decodes through the trait, as generic storage code would.
///
/// # Errors
/// As `decode`.
pub fn decode_any<'de, K: DecodeKey<'de>>(bytes: &'de [u8]) -> Result<K, Error> {
    K::decode(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rowkey::ErrorKind;

    const READING: Reading<'static> = Reading {
        device: "sensor-7",
        channel: 11,
        ts: 1_700_000_000_000,
        unit: b"degC",
        value: -40,
    };

    #[test]
    fn encodes_into_a_stack_buffer_and_decodes() {
        assert_eq!(Reading::MAX_LEN, 2 + 12 + 1 + 4 + 8 + 6 + 4);
        let mut buf = [0u8; Reading::MAX_LEN];
        let back = round_trip(&READING, &mut buf).unwrap();
        assert_eq!(back, READING);

        // The layout, byte by byte after the salt.
        assert!(buf[..2].iter().all(u8::is_ascii_hexdigit));
        assert_eq!(&buf[2..14], b"sensor-7\0\0\0\0");
        assert_eq!(buf[14], 11 % 8);
        assert_eq!(buf[15..19], 11u32.to_be_bytes());
        assert_eq!(buf[19..27], (i64::MAX as u64 - READING.ts).to_be_bytes());
        assert_eq!(&buf[27..33], b"degC\xff\xff");
        // -40 with the sign bit flipped: 2^31 - 40.
        assert_eq!(buf[33..37], 0x7fff_ffd8_u32.to_be_bytes());

        let short = [0u8; Reading::MAX_LEN - 1];
        let mut short = short;
        let err = READING.encode_into(&mut short).unwrap_err();
        assert_eq!(
            err.kind(),
            &ErrorKind::BufferTooSmall {
                needed: Reading::MAX_LEN,
                available: Reading::MAX_LEN - 1
            }
        );
    }

    #[test]
    fn decode_names_the_field() {
        let mut buf = [0u8; Reading::MAX_LEN];
        let n = READING.encode_into(&mut buf).unwrap();
        buf[14] ^= 1;
        let err = Reading::decode(&buf[..n]).unwrap_err();
        assert_eq!(
            (err.key_name(), err.field_name()),
            ("Reading", Some("channel"))
        );
        assert!(matches!(err.kind(), ErrorKind::BucketMismatch { .. }));

        let err = decode_any::<Reading<'_>>(&buf[..5]).unwrap_err();
        assert_eq!(err.field_name(), Some("device"));
    }

    #[test]
    fn unbounded_layout_sized_with_encoded_len() {
        let blob = Blob {
            bucket: "b1",
            flag: true,
            id: [1, 2, 3, 4],
            data: &[0, 0xff, 7],
        };
        let mut buf = [0u8; 64];
        let n = blob.encode_into(&mut buf).unwrap();
        assert_eq!(n, blob.encoded_len());
        assert_eq!(&buf[..n], b"b1\0\x01\x01\x02\x03\x04\x00\xff\x07");
        assert_eq!(Blob::decode(&buf[..n]).unwrap(), blob);

        let bad = Blob {
            bucket: "b\x001",
            ..blob
        };
        let err = bad.encode_into(&mut buf).unwrap_err();
        assert_eq!(err.field_name(), Some("bucket"));
    }

    #[test]
    fn scan_ranges_hold_exactly_their_keys() {
        let mut buf = [0u8; Reading::MAX_LEN];
        for (device, channel, ts, inside) in [
            ("sensor-7", 11, 1_000, true),
            ("sensor-7", 11, 1_999, true),
            ("sensor-7", 11, 2_000, false),
            ("sensor-7", 11, 999, false),
            ("sensor-7", 19, 1_500, false),
            ("sensor-70", 11, 1_500, false),
        ] {
            let key = Reading {
                device,
                channel,
                ts,
                ..READING
            };
            let n = key.encode_into(&mut buf).unwrap();
            let key_bytes = &buf[..n];
            assert_eq!(
                time_scan("sensor-7", 11, 1_000, 2_000, key_bytes).unwrap(),
                inside,
                "{key:?}"
            );
            let same_device = device == "sensor-7";
            assert_eq!(
                device_scan("sensor-7", Some(11), key_bytes).unwrap(),
                (1, same_device && channel == 11)
            );
            assert_eq!(
                device_scan("sensor-7", None, key_bytes).unwrap(),
                (8, same_device)
            );
        }

        let err = device_scan("a-device-name-too-long", None, &[]).unwrap_err();
        assert_eq!(err.field_name(), Some("device"));
    }
}
