//! The items every derived key has whatever its fields, as `macro_rules!`
//! templates the derive invokes with what varies (the key's name, its
//! lifetimes, its segment count, the field-specific items it writes
//! itself). A token a proc macro hands the compiler costs it a trip
//! through the proc-macro bridge, one a `macro_rules!` template writes
//! does not (measured: a key's build cost, `bench-build/callgrind.sh`).
//!
//! Local names a template declares and the derive's tokens use (a walk's
//! parameters, `VERIFY`) are passed in by the derive: `macro_rules!`
//! hygiene keeps the template's own local variables apart from the
//! caller's. Generic parameters are not hygienic: the derive's field
//! methods name the builder's `STAGE` and `__S`, which the template
//! declares.

/// The scan builder `__KScan`: its struct (its `Clone` and `Debug`, when
/// the key asks for them, are `__rowkey_scan_trait`'s), the
/// `Builder` impl the runtime replays steps through, `K::scan()` (also
/// `RowKey::scan`: this one needs no trait import), and the inherent impl
/// holding `ranges()` (when no field is named `ranges`) and the field
/// methods the derive writes.
#[doc(hidden)]
#[macro_export]
macro_rules! __rowkey_scan_builder {
    (
        $K:ident [$($lt:lifetime),*] $B:ident $doc:literal;
        first: $first:ty;
        ranges: $ranges:tt;
        methods: [$($methods:tt)*]
    ) => {
        #[doc = $doc]
        #[must_use = "a scan builder does nothing until its ranges() are taken"]
        pub struct $B<$($lt,)* STAGE = $first, __S = ()> {
            steps: __S,
            _key: $crate::__private::PhantomData<fn() -> ($K<$($lt),*>, STAGE)>,
        }

        impl<$($lt),*> $K<$($lt),*> {
            /// See `rowkey::RowKey::scan`.
            #[inline]
            pub fn scan() -> $B<$($lt),*> {
                $B { steps: (), _key: $crate::__private::PhantomData }
            }
        }

        #[automatically_derived]
        impl<$($lt,)* STAGE, __S> $crate::__private::Builder<$K<$($lt),*>>
            for $B<$($lt,)* STAGE, __S>
        {
            type Steps = __S;
            type At<__F, __T> = $B<$($lt,)* __F, __T>;
            #[inline(always)]
            fn map<__F, __T, __U>(
                self,
                __f: impl $crate::__private::FnOnce(__S) -> (__T, __U),
            ) -> ($B<$($lt,)* __F, __T>, __U) {
                let (__steps, __u) = __f(self.steps);
                ($B { steps: __steps, _key: $crate::__private::PhantomData }, __u)
            }
        }

        // (Clippy's `needless_lifetimes` is allowed on the key's whole
        // `const _` block, as every lint the generated items may trip.)
        impl<$($lt,)* STAGE, __S> $B<$($lt,)* STAGE, __S> {
            $crate::__rowkey_ranges!($ranges $K [$($lt),*]);
            $($methods)*
        }
    };
}

/// The scan builder's `Clone` and `Debug`, each as `#[rowkey(scan(..))]`
/// asks, one trait of the list at a time (not invoked for a key that asks
/// for neither: an invocation is an expansion every build repeats).
#[doc(hidden)]
#[macro_export]
macro_rules! __rowkey_scan_trait {
    ([] $($rest:tt)*) => {};
    ([Clone $($more:ident)*] $K:ident [$($lt:lifetime),*] $B:ident $name:literal) => {
        $crate::__rowkey_scan_trait!([$($more)*] $K [$($lt),*] $B $name);
        // By hand, not derived: the derive's impls spell out both fields
        // (and `_key`, which says nothing), twice the code.
        #[automatically_derived]
        impl<$($lt,)* STAGE, __S: $crate::__private::Clone> $crate::__private::Clone
            for $B<$($lt,)* STAGE, __S>
        {
            #[inline]
            fn clone(&self) -> Self {
                Self {
                    steps: $crate::__private::Clone::clone(&self.steps),
                    _key: $crate::__private::PhantomData,
                }
            }
        }
    };
    ([Debug $($more:ident)*] $K:ident [$($lt:lifetime),*] $B:ident $name:literal) => {
        $crate::__rowkey_scan_trait!([$($more)*] $K [$($lt),*] $B $name);
        #[automatically_derived]
        impl<$($lt,)* STAGE, __S: $crate::__private::Debug> $crate::__private::Debug
            for $B<$($lt,)* STAGE, __S>
        {
            fn fmt(
                &self,
                __f: &mut $crate::__private::Formatter<'_>,
            ) -> $crate::__private::fmt::Result {
                $crate::__private::debug_builder(__f, $name, &self.steps)
            }
        }
    };
}

/// The scan builder's inherent `ranges()`; nothing for a key with a field
/// named `ranges`, whose method takes the name.
#[doc(hidden)]
#[macro_export]
macro_rules! __rowkey_ranges {
    (false $($rest:tt)*) => {};
    (true $K:ident [$($lt:lifetime),*]) => {
        /// See `rowkey::ScanBuilder::ranges`.
        pub fn ranges(
            self,
        ) -> $crate::__private::Result<
            $crate::__private::ScanRanges<$K<$($lt),*>>,
            $crate::__private::Error,
        >
        where
            __S: $crate::__private::Step<$K<$($lt),*>>,
        {
            $crate::__private::ScanBuilder::ranges(self)
        }
    };
}

/// The inherent `decode` (also `RowKey::decode`: this one needs no trait
/// import) and `impl Walk` around the derive's walk body
/// (`$read`, whose parameters `$in`, `$segs` and `$verify` the derive
/// names); `DecodeKey` is the runtime's, for every walk
/// (`__private::walk`). `$Out` is what the walk builds (the
/// key, or a refusal for a layout with a `'static` borrow); the walk's
/// segments are its `RowKey::Explained`'s (`__private::SegsOf`).
#[doc(hidden)]
#[macro_export]
macro_rules! __rowkey_decode_impls {
    (
        $de:lifetime $T:ty, $Out:ty;
        min: [$($min:item)?];
        batch: [$($batch:tt)*];
        read($in:ident, $segs:ident, $verify:ident) { $($read:tt)* }
    ) => {
        impl<$de> $T {
            /// See `rowkey::DecodeKey::decode`.
            #[inline]
            pub fn decode(
                bytes: &$de [$crate::__private::u8],
            ) -> $crate::__private::Result<Self, $crate::__private::Error> {
                <Self as $crate::__private::DecodeKey<$de>>::decode(bytes)
            }
        }

        // The walk itself; the length check around it and the functions
        // that call it are the runtime's (`__private::walk`).
        #[automatically_derived]
        impl<$de> $crate::__private::Walk<$de> for $T {
            type Out = $Out;
            $($min)?
            $($batch)*

            #[inline(always)]
            fn __rowkey_read<const $verify: $crate::__private::bool>(
                $in: &$de [$crate::__private::u8],
                $segs: &mut $crate::__private::SegsOf<Self>,
            ) -> $crate::__private::Result<$Out, $crate::__private::Error> {
                $($read)*
            }
        }
    };
}
