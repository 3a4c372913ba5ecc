//! A field's slot rule, composed by type from its attributes: the derive
//! names a body rule (`Part`, `RevTs`, `Twos`, `Rev`, `Digits`,
//! `AnyDigits`, `Width`, `Escaped`, each maybe under `Desc` or `Spread`) and a prefix
//! rule (`NoPrefix`, `Bucket<N>`, `Salt<K, H>`, `SaltDelim<K, D, H>`,
//! `Both<..>`) per field, and [`write_field`], [`field_len`] and
//! [`read_field`] here write, measure and read the slot through them (an
//! `Option` field's through [`write_option`], [`option_len`] and
//! [`read_option`], with its presence byte). Each attribute's bytes are in
//! the one file of this module named after it; the derive's expansion
//! holds a call per field instead of the field's code.

mod body;
pub(crate) mod bucket;
mod decimal;
mod desc;
mod escaped;
pub(crate) mod frame;
mod option;
pub(crate) mod pad;
pub(crate) mod reverse_ts;
pub(crate) mod salt;
mod spread;
mod width;

pub use body::{Part, Rev, Sorted, Twos};
pub use bucket::Bucket;
pub use decimal::{AnyDigits, Digits, Number, Unsigned};
pub use desc::Desc;
pub use escaped::Escaped;
pub use option::{
    option_len, push_option, range_option, read_last_option, read_option, write_option,
};
pub use reverse_ts::RevTs;
pub use salt::{Both, Forward, NoPrefix, Raw, Salt, SaltDelim, Stored};
pub use spread::Spread;
pub use width::Width;

use crate::__private::{field_error_in, push_segment, InField, SaltSink};
use crate::rule::frame::check_no_delim;
use crate::rule::pad::check_pad_end;
use crate::rule::pad::check_reversed_pad_end;
use crate::rule::pad::start_pad;
use crate::scan::Scan;
use crate::slot::{take_plain, PlainRead, WriteFrame};
use crate::{Error, ErrorKind, KeyPart, RowKey, Segment, SegmentKind};
use core::ops::Bound;

/// The length of a body: apart from [`Body`], so that measuring a slot
/// asks of the value's type only what the length needs (`#[decimal(W)]`
/// is W digits whatever the type), and a type missing a body's trait is
/// reported once, by the write.
pub trait BodyLen<V: ?Sized> {
    /// The body's length for `v`.
    fn len(v: &V) -> usize;
}

/// How a field's value becomes its body's bytes.
pub trait Body<V: ?Sized>: BodyLen<V> {
    /// The body is stored reversed (`#[reverse]`): a pad byte is checked
    /// against its last stored byte, the value's first.
    const REVERSED: bool = false;

    /// Whether a `#[delim]` byte must be searched for in the body: `None`
    /// leaves it to the value's type (not when its width or its own end
    /// says where it ends); digits are searched always, a fixed width or
    /// an escaped body never.
    const SEARCH_DELIM: Option<bool> = None;

    /// Whether the body can hold `byte` at all: a `#[delim]` byte it never
    /// holds (digits are only `0`-`9`) needs no search.
    #[inline(always)]
    fn may_hold(byte: u8) -> bool {
        let _ = byte;
        true
    }

    /// Whether the body ends in `byte`, when the value can tell without
    /// being written (see `KeyPart::body_ends_with`).
    fn ends_with(v: &V, byte: u8) -> Option<bool>;

    /// Writes the body, `len(v)` bytes, into `out`.
    ///
    /// # Errors
    /// The value's refusal.
    fn write(v: &V, out: &mut [u8]) -> Result<(), ErrorKind>;

    /// Turns the written body into its stored form (after a salt has
    /// hashed it).
    #[inline(always)]
    fn finish(body: &mut [u8]) {
        let _ = body;
    }

    /// Turns the whole slot as written, `buf[start..end]` (body and its
    /// pad or delimiter, not the prefix), into its stored form: `#[desc]`
    /// inverts it. (The bounds, not the slice: a slice made for a rule
    /// that does nothing would still be bounds-checked.)
    #[inline(always)]
    fn seal(buf: &mut [u8], start: usize, end: usize) {
        let _ = (buf, start, end);
    }
}

/// A body whose value is decoded from bytes rebuilt from the stored ones
/// (inverted back by `#[desc]`, unescaped by `#[escaped]`), which live only
/// as long as the decode: into an owned value.
pub trait Restored<T> {
    /// The stored bytes are escaped.
    const ESCAPED: bool = false;

    /// The value from its rebuilt bytes.
    ///
    /// # Errors
    /// Bytes no value of `T` is written as.
    fn decode(raw: &[u8]) -> Result<T, ErrorKind>;
}

/// The bytes a field's prefix takes, whatever the value: measuring a slot
/// asks nothing of the value's type that writing it does not ask again,
/// so a type missing a prefix's trait is reported once, by the write.
pub trait PrefixWidth {
    /// Bytes it takes.
    const WIDTH: usize;
}

/// What a field writes before its body (a salt, a bucket), and checks
/// against it when read.
pub trait Prefix<V: ?Sized>: PrefixWidth {
    /// Writes the prefix into `head` (`WIDTH` bytes), from the value and
    /// its body as written, before `Body::finish`.
    fn write(v: &V, head: &mut [u8], body: &[u8]);
}

/// The read side of a [`Prefix`]: taken before the body, checked after.
pub trait ReadPrefix<T> {
    /// What is read before the body (the stored salt, the bucket).
    type Taken;

    /// Reads the prefix at `*pos`, recording its segments.
    ///
    /// # Errors
    /// The input ends early or lacks the salt's delimiter.
    fn take<const N: usize>(
        input: &[u8],
        pos: &mut usize,
        segs: &mut [Segment; N],
        seg: &mut usize,
        field: &'static str,
    ) -> Result<Self::Taken, ErrorKind>;

    /// With `VERIFY`, checks the prefix against the value read and its
    /// body (`input[body_at..body_at + body.len()]`), or hands the check
    /// to `sink`.
    ///
    /// # Errors
    /// A salt or bucket that does not match.
    #[allow(
        clippy::too_many_arguments,
        reason = "what a check needs, all known at the call"
    )]
    fn verify<const VERIFY: bool, S: SaltSink>(
        taken: Self::Taken,
        value: &T,
        input: &[u8],
        body: &[u8],
        body_at: usize,
        sink: &mut S,
        key: &'static str,
        field: &'static str,
    ) -> Result<(), Error>;
}

/// What a body rule tells decode about finding the body: its width (fixed
/// by the attribute, set by the value, or the type's), whether its bytes
/// are stored inverted (`#[desc]`) and whether they are escaped.
pub trait Shape {
    /// Where the body's width comes from.
    const WIDTH: Fix = Fix::Type;
    /// What every stored byte of the slot is read through.
    const MASK: u8 = 0;
    /// The body is escaped, ended by its terminator.
    const ESCAPED: bool = false;
}

/// Where a body's width comes from (see [`Shape`]).
#[derive(Clone, Copy)]
pub enum Fix {
    /// The attribute fixes it: `#[width(W)]`, `#[decimal(W)]`, the 8
    /// bytes of `#[reverse_ts]`.
    Attr(usize),
    /// The value sets it: `#[decimal]`, `#[escaped]`.
    Value,
    /// The type's `KeyPart::WIDTH` or its own end.
    Type,
}

/// Decode's reader of a body rule: the value from the body's stored bytes.
pub trait ReadBody<'de, T> {
    /// The value.
    ///
    /// # Errors
    /// Bytes no value of `T` is written as.
    fn read(body: &'de [u8]) -> Result<T, ErrorKind>;
}

/// Writes a field's slot at `*pos` (its prefix too when `PREFIX`), moving
/// `*pos` past it; `KNOWN` as in [`field_error_in`].
///
/// # Errors
/// The value's refusal, a body too long for its pad or ending in the pad
/// byte, or holding the delimiter: named after the field.
#[inline(always)]
pub fn write_field<V, P, B, const PREFIX: bool, const KNOWN: bool>(
    v: &V,
    buf: &mut [u8],
    pos: &mut usize,
    frame: WriteFrame,
    key: &'static str,
    field: &'static str,
) -> Result<(), Error>
where
    V: KeyPart + ?Sized,
    P: Prefix<V>,
    B: Body<V>,
{
    let at = *pos;
    let body_at = at + if PREFIX { P::WIDTH } else { 0 };
    let blen = B::len(v);
    // The whole pad is filled before the body is written over its front
    // (a store of constant width); a body ending in the pad byte is
    // refused first when the value can tell.
    let mut ends = None;
    if let WriteFrame::Pad(width, byte) = frame {
        ends = if B::REVERSED {
            None
        } else {
            B::ends_with(v, byte)
        };
        if ends == Some(true) {
            return Err(field_error_in::<KNOWN>(
                key,
                field,
                ErrorKind::EndsWithPadByte { byte },
            ));
        }
        start_pad(&mut buf[body_at..body_at + width], blen, byte)
            .__rowkey_in_field::<KNOWN>(key, field)?;
    }
    B::write(v, &mut buf[body_at..body_at + blen]).__rowkey_in_field::<KNOWN>(key, field)?;
    // A delimiter is searched for only in a body whose end its type does
    // not say.
    if let WriteFrame::Delim(byte) = frame {
        let search = match B::SEARCH_DELIM {
            Some(search) => search,
            None => V::WIDTH.is_none() && !V::SELF_DELIMITING,
        };
        if search && B::may_hold(byte) {
            check_no_delim(&buf[body_at..body_at + blen], byte)
                .__rowkey_in_field::<KNOWN>(key, field)?;
        }
    }
    if PREFIX && P::WIDTH > 0 {
        let (head, tail) = buf.split_at_mut(body_at);
        P::write(v, &mut head[at..], &tail[..blen]);
    }
    B::finish(&mut buf[body_at..body_at + blen]);
    match frame {
        WriteFrame::Pad(width, byte) => {
            if ends.is_none() {
                let body = &buf[body_at..body_at + blen];
                if B::REVERSED {
                    check_reversed_pad_end(body, byte)
                } else {
                    check_pad_end(body, byte)
                }
                .__rowkey_in_field::<KNOWN>(key, field)?;
            }
            *pos = body_at + width;
        }
        WriteFrame::Delim(byte) => {
            buf[body_at + blen] = byte;
            *pos = body_at + blen + 1;
        }
        WriteFrame::End => *pos = body_at + blen,
    }
    B::seal(buf, body_at, *pos);
    Ok(())
}

/// The length of the slot [`write_field`] writes.
#[inline(always)]
pub fn field_len<V, P, B, const PREFIX: bool>(v: &V, frame: WriteFrame) -> usize
where
    V: KeyPart + ?Sized,
    P: PrefixWidth,
    B: BodyLen<V>,
{
    (if PREFIX { P::WIDTH } else { 0 })
        + match frame {
            WriteFrame::Pad(width, _) => width,
            WriteFrame::Delim(_) => B::len(v) + 1,
            WriteFrame::End => B::len(v),
        }
}

/// Decode's read of a slot [`write_field`] writes: the prefix, the body
/// taken by `frame` and built by `decode` (the body rule's reader, named
/// by the caller so that a type lacking it is reported as the expanded
/// read reported it), the prefix checked against it, the segments
/// recorded.
///
/// # Errors
/// The input ends early, the body is no value, or (with `VERIFY`) the salt
/// or bucket does not match: named after the field.
#[inline(always)]
#[allow(
    clippy::too_many_arguments,
    reason = "each argument is one fact of the field the derive knows"
)]
pub fn read_field<'de, T, P, const VERIFY: bool, S, const N: usize>(
    input: &'de [u8],
    pos: &mut usize,
    frame: PlainRead,
    decode: fn(&'de [u8]) -> Result<T, ErrorKind>,
    segs: &mut [Segment; N],
    seg: &mut usize,
    sink: &mut S,
    key: &'static str,
    field: &'static str,
) -> Result<T, Error>
where
    P: ReadPrefix<T>,
    S: SaltSink,
{
    let taken = P::take(input, pos, segs, seg, field).__rowkey_in_field::<true>(key, field)?;
    let body_at = *pos;
    let body = take_plain(input, pos, frame).__rowkey_in_field::<true>(key, field)?;
    let value = decode(body).__rowkey_in_field::<true>(key, field)?;
    P::verify::<VERIFY, S>(taken, &value, input, body, body_at, sink, key, field)?;
    push_segment(segs, seg, field, SegmentKind::Field, body_at, *pos);
    Ok(value)
}

/// A scan's exact value of a field [`write_field`] writes, pushed into the
/// scan's prefix. The closure is `inline(always)`, as the writer is: left
/// to the inliner, it stays a call (`seller_order` scan 23 -> 219
/// instructions, callgrind).
///
/// # Errors
/// As `Scan::push`.
#[inline(always)]
pub fn push_field<K, V, P, B>(
    scan: &mut Scan<'_, K>,
    field: &'static str,
    v: &V,
    frame: WriteFrame,
) -> Result<(), Error>
where
    K: RowKey,
    V: KeyPart,
    P: Prefix<V>,
    B: Body<V>,
{
    scan.push(
        field,
        field_len::<V, P, B, true>(v, frame),
        #[inline(always)]
        |buf, pos| write_field::<V, P, B, true, false>(v, buf, pos, frame, K::NAME, field),
    )
}

/// A scan's range on a field [`write_field`] writes: its bounds written
/// without the prefix (a range on a salted or bucketed field is refused
/// before this; the bucket is fanned out over).
///
/// # Errors
/// As `Scan::range`.
#[inline(always)]
pub fn range_field<K, V, P, B>(
    scan: &mut Scan<'_, K>,
    field: &'static str,
    open: bool,
    lo: Bound<V>,
    hi: Bound<V>,
    frame: WriteFrame,
) -> Result<(), Error>
where
    K: RowKey,
    V: KeyPart,
    P: Prefix<V>,
    B: Body<V>,
{
    scan.range(
        field,
        open,
        lo,
        hi,
        #[inline(always)]
        |v| field_len::<V, P, B, false>(v, frame),
        #[inline(always)]
        |v, buf, pos| write_field::<V, P, B, false, false>(v, buf, pos, frame, K::NAME, field),
    )
}
