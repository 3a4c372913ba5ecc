//! Code generation for `#[rowkey(phoenix)]` keys: each column written and
//! read through the runtime's `phx` rules (`phoenix.rs` of rowkey-core), which
//! hold Phoenix's separators, trailing NULLs and DESC bytes once. A column
//! is a `PhxCol` constant: DESC, last, CHAR width.

use crate::encode::field_err;
use crate::model::{Frame, Layout};
use proc_macro2::Ident;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// The column's `PhxCol` constant.
fn col(l: &Layout, n: usize, p: &Ident) -> TokenStream {
    let desc = l.desc;
    let last = l.index + 1 == n;
    let width = match l.frame {
        Frame::Pad { width, .. } => width,
        _ => 0,
    };
    quote!((#p::phx::PhxCol { desc: #desc, last: #last, char_width: #width }))
}

/// `encode_into`'s fields: the `0x00` separators owed to the columns
/// written so far are counted in `__pending` and written only before a
/// later column, so trailing NULLs leave nothing.
pub fn encode_fields(layouts: &[Layout], p: &Ident, key: &str) -> Vec<TokenStream> {
    let n = layouts.len();
    let mut out = vec![quote! {
        let mut __pending: #p::usize = 0;
        let __phx_start = __pos;
    }];
    for l in layouts {
        let c = col(l, n, p);
        let f = l.field.ident;
        let inner = l.inner_ty;
        let err = field_err(p, key, &l.name, &quote!(true));
        let write = |v: TokenStream| {
            quote! {
                #p::phx::flush(__buf, &mut __pos, &mut __pending);
                #p::phx::write::<#inner>(#v, __buf, &mut __pos, #c)#err?;
                __pending = #c.after::<#inner>();
            }
        };
        out.push(if l.option {
            let some = write(quote!(__v));
            quote! {
                match #p::Presence::present(&self.#f) {
                    #p::Some(__v) => { #some }
                    #p::None => __pending += #c.after_null(),
                }
            }
        } else {
            write(quote!(&self.#f))
        });
    }
    // All NULL: nothing after the salt (an unsalted key is refused as
    // empty before it is written).
    out.push(quote! {
        if __pos == __phx_start {
            return #p::Err(#p::Error::key(#key, #p::phx::ALL_NULL));
        }
    });
    out
}

/// `encoded_len`: what `encode_fields` writes, counted the same way.
pub fn encoded_len(layouts: &[Layout], p: &Ident, multi_width: usize) -> TokenStream {
    let n = layouts.len();
    let fields = layouts.iter().map(|l| {
        let c = col(l, n, p);
        let f = l.field.ident;
        let inner = l.inner_ty;
        let count = |v: TokenStream| {
            quote! {
                __n += __pending + #p::phx::len::<#inner>(#v, #c);
                __pending = #c.after::<#inner>();
            }
        };
        if l.option {
            let some = count(quote!(__v));
            quote! {
                match #p::Presence::present(&self.#f) {
                    #p::Some(__v) => { #some }
                    #p::None => __pending += #c.after_null(),
                }
            }
        } else {
            count(quote!(&self.#f))
        }
    });
    quote! {
        let mut __n: #p::usize = #multi_width;
        let mut __pending: #p::usize = 0;
        #(#fields)*
        let _ = __pending;
        __n
    }
}

/// A scan's exact value of column `l`, pushed by the runtime
/// (`phx::push_column`, `phx::push_nullable`): the value with the
/// separator after it, a NULL as its separator.
pub fn push_call(l: &Layout, n: usize, p: &Ident) -> TokenStream {
    let c = col(l, n, p);
    let fname = &l.name;
    if l.option {
        quote!(#p::phx::push_nullable(__s, #fname, &__v, #c))
    } else {
        quote!(#p::phx::push_column(__s, #fname, &__v, #c))
    }
}

/// A scan step's bookkeeping after field `l`'s value is pushed: where the
/// key may end (`Scan::phx_keep`), and for the last column the exact key.
pub fn after_push(l: &Layout, n: usize, p: &Ident) -> TokenStream {
    let c = col(l, n, p);
    let inner = l.inner_ty;
    let keep = if l.option {
        quote! {
            if #p::Presence::present(&__v).is_some() {
                __s.phx_keep(__s.len() - #c.after::<<__V as #p::Presence>::Inner>());
            }
        }
    } else {
        let _ = inner;
        quote!(__s.phx_keep(__s.len() - #c.after::<__V>());)
    };
    let exact = (l.index + 1 == n).then(|| quote!(__s.phx_exact();));
    quote! {
        #keep
        #exact
    }
}

/// A range on column `l`: the `Scan::range` call, its bounds written as
/// the column's values are (DESC bounds already swapped by the caller as
/// `lo` and `hi`).
pub fn range_call(
    l: &Layout,
    layouts: &[Layout],
    p: &Ident,
    key: &str,
    lo: &TokenStream,
    hi: &TokenStream,
) -> TokenStream {
    let n = layouts.len();
    let c = col(l, n, p);
    let ty = &l.inner_static;
    let fname = &l.name;
    let err = field_err(p, key, &l.name, &quote!(false));
    let rest_nullable = layouts[l.index + 1..].iter().all(|x| x.option);
    let last = l.index + 1 == n;
    // An ASC variable-width value that ends the key when the columns after
    // it are NULL and is followed by `00` otherwise: its bounds are the
    // value alone, and the row right after a bound is the bound then `01`.
    let maybe = !l.desc && !last && rest_nullable;
    // Only an ASC value with nothing written after it is not framed:
    // DESC values end in 0xFF, the others in their separator.
    let open = !l.desc && (last || maybe);
    let (len, write) = if maybe {
        (quote!(#p::phx::len), quote!(#p::phx::write))
    } else {
        (quote!(#p::phx::scan_len), quote!(#p::phx::scan_write))
    };
    let fix = maybe.then(|| {
        quote! {
            if #c.variable::<#ty>() {
                __s.phx_maybe_separated();
            }
        }
    });
    quote! {
        #fix
        __s.range(
            #fname,
            #open && #c.variable::<#ty>(),
            #lo,
            #hi,
            |__v| #len(__v, #c),
            |__v, __out, __pos| #write(__v, __out, __pos, #c)#err,
        )
    }
}

/// Decode's read of one column.
pub fn decode_field(l: &Layout, n: usize, p: &Ident, key: &str) -> TokenStream {
    let c = col(l, n, p);
    let ty = &l.inner_de;
    let name = &l.name;
    let var = format_ident!("__v{}", l.index);
    let err = field_err(p, key, &l.name, &quote!(true));
    let value = if l.desc {
        quote!(#p::phx::decode_desc::<#ty>(__b, #c)#err?)
    } else {
        quote!(#p::phx::decode::<#ty>(__b, #c)#err?)
    };
    let read = if l.option {
        quote! {
            match __stored {
                #p::Some(__b) => #p::Some(#value),
                #p::None => #p::None,
            }
        }
    } else {
        quote! {
            match __stored {
                #p::Some(__b) => #value,
                #p::None => {
                    return #p::Err(#p::Error::field(#key, #name, #p::phx::NOT_NULL));
                }
            }
        }
    };
    let field_ty = &l.ty_de;
    let start = (l.index == 0).then(|| quote!(let __phx_start = __pos;));
    // A key of no column (all NULL, after its salt) is none Phoenix writes.
    let all_null = (l.index + 1 == n).then(|| {
        quote! {
            if __pos == __phx_start {
                return #p::Err(#p::Error::key(#key, #p::phx::ALL_NULL));
            }
        }
    });
    quote! {
        #start
        let __body_at = __pos;
        let __stored = __rd.take(__in, &mut __pos, <#ty as #p::KeyPart>::WIDTH, #c)#err?;
        let #var: #field_ty = #read;
        #p::push_segment(__segs, &mut __seg, #name, #p::SegmentKind::Field, __body_at, __pos);
        #all_null
    }
}
