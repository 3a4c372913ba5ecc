//! `RowKey::MAX_LEN`, the widest key. For a key with no widest value the
//! constant's evaluation fails at the first field that makes it unbounded,
//! with a message naming that field and spanned on it. A field whose
//! attributes or spelled type bound its slot (`#[pad]`, `#[reverse_ts]`,
//! `#[decimal(W)]`, `#[width]`, an integer, `bool`, an array) needs no
//! check: only the others cost the compiler one call, and a key with none
//! keeps the trait's default.

use crate::model::{Frame, Layout};
use crate::valid::{known_width, Known};
use proc_macro2::Ident;
use proc_macro2::TokenStream;
use quote::quote_spanned;

pub fn max_len(layouts: &[Layout], p: &Ident, w_max: &TokenStream, key: &str) -> TokenStream {
    let checks: Vec<_> = layouts
        .iter()
        .filter(|l| !bounded(l))
        .map(|l| {
            let span = l.field.ident.span();
            let at = 2 + 2 * l.index;
            let msg = format!(
                "`{key}::MAX_LEN` does not exist: field `{}` has no maximum width (a variable-width value without #[pad(N)]); pad it, or encode into `{key}::Buf`, `encoded_len()` or `to_vec()`",
                l.name
            );
            // `need_width` is `#[track_caller]`: the failure is reported
            // here, on the field.
            let p = crate::checks::respan_ident(p, span);
            quote_spanned! {span=> #p::need_width(#w_max[#at], #msg); }
        })
        .collect();
    if checks.is_empty() {
        return TokenStream::new();
    }
    quote::quote! {
        const MAX_LEN: #p::usize = {
            #(#checks)*
            #p::bounded(<Self as #p::RowKey>::MAX_WIDTH)
        };
    }
}

/// Whether the field's widest slot is bounded whatever its type says.
fn bounded(l: &Layout) -> bool {
    matches!(l.frame, Frame::Pad { .. })
        || l.attr_body_width().is_some()
        || (known_width(l.inner_ty) == Known::Fixed && !l.value_width())
}
