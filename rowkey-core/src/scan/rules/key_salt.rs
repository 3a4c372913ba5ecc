//! A field the struct-level salt hashes
//! (`#[rowkey(salt(md5, C, fields(..)))]`, or a Java-hash salt over listed
//! fields): a value records where its slot sits in the prefix, filed under
//! its place in the salt's field list (which need not be key order), and
//! what of the slot the salt hashes. The salt itself is written when the
//! scan ends, if every field it hashes was given (`Scan::finish`).

use super::ScanRule;
use crate::__private::SaltPart;
use crate::scan::{Scan, Step};
use crate::{Error, RowKey};
use core::marker::PhantomData;
use core::ops::Bound;

/// The slot `R` writes, hashed `ORDER`-th by the struct-level salt as `H`
/// says ([`Whole`], [`StripPad`], [`DropLast`]).
pub struct Hashed<const ORDER: usize, H, R>(PhantomData<(H, R)>);

/// What of a slot the struct-level salt hashes.
pub trait HashedPart {
    /// As the runtime's salt reads it.
    const PART: SaltPart;
}

/// The slot as written (the salt has no delimiter, or the field no frame).
pub struct Whole;
/// A padded field's slot without its trailing pad bytes `B`.
pub struct StripPad<const B: u8>;
/// A delimited field's slot without its delimiter.
pub struct DropLast;

impl HashedPart for Whole {
    const PART: SaltPart = SaltPart::Whole;
}
impl<const B: u8> HashedPart for StripPad<B> {
    const PART: SaltPart = SaltPart::StripPad(B);
}
impl HashedPart for DropLast {
    const PART: SaltPart = SaltPart::DropLast;
}

impl<K, V, H, R, const ORDER: usize, X: Step<K>> ScanRule<K, V, X> for Hashed<ORDER, H, R>
where
    K: RowKey,
    H: HashedPart,
    R: ScanRule<K, V, X>,
{
    #[inline(always)]
    fn eq(value: V, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        let start = scan.len();
        R::eq(value, scan)?;
        scan.salt_slot(ORDER, start, H::PART)
    }

    #[inline(always)]
    fn range(lo: Bound<V>, hi: Bound<V>, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        R::range(lo, hi, scan)
    }
}
