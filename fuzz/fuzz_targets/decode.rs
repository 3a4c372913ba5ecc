//! `cargo +nightly fuzz run decode`: every input goes to the `decode` of
//! several seed layouts. Decode must not panic, must name the key and a real
//! field (or none, for bytes past the last field and keys over the HBase
//! limit), and whatever it accepts must re-encode to exactly the input: two
//! byte strings never decode to one value. `tests/decode_fuzz.rs` checks the
//! same properties in CI with proptest.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rowkey::{Error, ErrorKind, RowKey};
use std::fmt::Debug;

// The seed layouts the tests check against Java-built keys.
#[allow(dead_code)]
#[path = "../../tests/common/seeds.rs"]
mod seeds;
use seeds::{
    BucketDecimal, DescDelimMid, DescNameId, DescPadX, EscapedDelim, EscapedDesc, Inbox, LogEvent,
    Metric, MetricText, OptionDecimal, Optional, OptionalDesc, OptionalDescName, OptionalEscaped,
    SaltDecimalW, UidType, UserOrder,
};

#[derive(RowKey, Debug, PartialEq)]
struct ReversedUser {
    #[reverse]
    #[pad(16)]
    user_id: String,
    flag: bool,
    #[twos_complement]
    delta: i32,
}

/// `fields` are the names an error may blame: the struct's fields, and
/// `"salt"` for a struct-level salt.
fn check<K: RowKey + Debug>(fields: &[&str], input: &[u8], decoded: Result<K, Error>) {
    match decoded {
        Ok(key) => {
            let again = key
                .to_vec()
                .unwrap_or_else(|e| panic!("{key:?} decoded but does not re-encode: {e}"));
            assert_eq!(again, input, "{key:?} re-encodes to other bytes");
        }
        Err(e) => {
            assert_eq!(e.key_name(), K::NAME);
            match e.field_name() {
                Some(field) => assert!(
                    fields.contains(&field),
                    "{e} blames no field of {}",
                    K::NAME
                ),
                None => assert!(
                    matches!(
                        e.kind(),
                        ErrorKind::TrailingBytes { .. } | ErrorKind::KeyTooLong { .. }
                    ),
                    "{e}: a decode error without a field"
                ),
            }
        }
    }
}

fuzz_target!(|input: &[u8]| {
    check(&["user_id", "order_id"], input, UserOrder::decode(input));
    check(&["host", "event", "ts"], input, Metric::decode(input));
    check(&["ts", "host", "event"], input, LogEvent::decode(input));
    check(&["salt", "uid", "kind"], input, UidType::decode(input));
    check(
        &["user_id", "flag", "delta"],
        input,
        ReversedUser::decode(input),
    );
    // SPEC §3a: text keys, descending, escaped and optional fields.
    check(&["host", "window", "metric"], input, MetricText::decode(input));
    check(&["receiver_id", "ts", "sender_id"], input, Inbox::decode(input));
    check(&["name", "id"], input, DescNameId::decode(input));
    check(&["a", "n"], input, EscapedDesc::decode(input));
    check(&["a", "b"], input, EscapedDelim::decode(input));
    check(&["a", "b", "c"], input, Optional::decode(input));
    check(&["v", "tail"], input, OptionalDesc::decode(input));
    // §3a combined: with a '_' delimiter, a salt, a bucket, a pad, Option.
    check(&["name", "id"], input, DescDelimMid::decode(input));
    check(&["w", "metric"], input, OptionDecimal::decode(input));
    check(&["id", "name"], input, SaltDecimalW::decode(input));
    check(&["w", "host"], input, BucketDecimal::decode(input));
    check(&["name", "n"], input, OptionalDescName::decode(input));
    check(&["a", "b"], input, OptionalEscaped::decode(input));
    check(&["code", "n"], input, DescPadX::decode(input));
});
