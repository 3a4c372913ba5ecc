//! The trait shapes a data-driven `#[derive(RowKey)]` would emit against,
//! for measuring what such an expansion costs to compile (see
//! `bench-build/floor/README.md`). The bodies are elided (`todo!()`): no
//! row key is ever built with this crate, only type-checked against.
#![no_std]
#![forbid(unsafe_code)]
extern crate alloc;

#[doc(hidden)]
pub mod __p {
    pub use core::marker::PhantomData;
    pub use core::option::Option;
    use alloc::string::String;

    pub struct E;
    /// A field type's encoding (rowkey's `KeyPart`).
    pub trait Part {
        const W: Option<usize>;
    }
    macro_rules! parts {
        ($($t:ty => $w:expr),*) => { $(impl Part for $t { const W: Option<usize> = $w; })* };
    }
    parts!(u16 => Some(2), u32 => Some(4), u64 => Some(8), i32 => Some(4), i64 => Some(8),
        bool => Some(1), &str => None, String => None);
    impl<const N: usize> Part for [u8; N] {
        const W: Option<usize> = Some(N);
    }

    /// A field's byte rule, named by a type the derive composes from the
    /// field's attributes; the runtime implements every operation once per
    /// rule.
    pub trait Codec<V: ?Sized> {
        const W: Option<usize>;
        fn put(v: &V, b: &mut [u8], p: &mut usize) -> Result<(), E>;
    }
    pub struct Plain;
    pub struct Pad<const N: usize, const B: u8>;
    pub struct Delim<const B: u8>;
    pub struct RevTs;
    pub struct Twos;
    pub struct Rev<C>(PhantomData<C>);
    pub struct Salt<const K: usize, C>(PhantomData<C>);
    pub struct Bucket<const N: u32, C>(PhantomData<C>);
    impl<V: Part + ?Sized> Codec<V> for Plain {
        const W: Option<usize> = V::W;
        fn put(_: &V, _: &mut [u8], _: &mut usize) -> Result<(), E> { todo!() }
    }
    impl<V: Part + ?Sized, const N: usize, const B: u8> Codec<V> for Pad<N, B> {
        const W: Option<usize> = Some(N);
        fn put(_: &V, _: &mut [u8], _: &mut usize) -> Result<(), E> { todo!() }
    }
    impl<V: Part + ?Sized, const B: u8> Codec<V> for Delim<B> {
        const W: Option<usize> = None;
        fn put(_: &V, _: &mut [u8], _: &mut usize) -> Result<(), E> { todo!() }
    }
    impl Codec<u64> for RevTs {
        const W: Option<usize> = Some(8);
        fn put(_: &u64, _: &mut [u8], _: &mut usize) -> Result<(), E> { todo!() }
    }
    impl Codec<i32> for Twos {
        const W: Option<usize> = Some(4);
        fn put(_: &i32, _: &mut [u8], _: &mut usize) -> Result<(), E> { todo!() }
    }
    impl<V: ?Sized, C: Codec<V>> Codec<V> for Rev<C> {
        const W: Option<usize> = C::W;
        fn put(_: &V, _: &mut [u8], _: &mut usize) -> Result<(), E> { todo!() }
    }
    impl<V: ?Sized, C: Codec<V>, const K: usize> Codec<V> for Salt<K, C> {
        const W: Option<usize> = C::W;
        fn put(_: &V, _: &mut [u8], _: &mut usize) -> Result<(), E> { todo!() }
    }
    impl<V: ?Sized, C: Codec<V>, const N: u32> Codec<V> for Bucket<N, C> {
        const W: Option<usize> = C::W;
        fn put(_: &V, _: &mut [u8], _: &mut usize) -> Result<(), E> { todo!() }
    }

    /// A key's codecs, checked against its field types where the derive
    /// writes them (the compile-time layout check).
    pub trait Codecs<V> {}
    impl<V0: ?Sized, C0: Codec<V0>> Codecs<(&V0,)> for (C0,) {}
    impl<V0: ?Sized, V1: ?Sized, C0: Codec<V0>, C1: Codec<V1>> Codecs<(&V0, &V1)> for (C0, C1) {}
    impl<V0: ?Sized, V1: ?Sized, V2: ?Sized, C0: Codec<V0>, C1: Codec<V1>, C2: Codec<V2>>
        Codecs<(&V0, &V1, &V2)> for (C0, C1, C2)
    {
    }

    /// What the derive states per key: names, codecs, the fields as a
    /// tuple and back; encode, decode and the rest would be generic
    /// runtime code over it.
    pub trait Layout: Sized {
        const NAME: &'static str;
        const FIELDS: &'static [&'static str];
        const KEY_SALT: Option<(usize, u8, &'static [usize])> = None;
        type Codecs;
        type Refs<'r>: Copy
        where
            Self: 'r;
        type Values<'k>;
        type Key<'k>;
        type Scan<const S: usize, T>;
        fn refs(&self) -> Self::Refs<'_>;
        fn from_values<'k>(v: Self::Values<'k>) -> Self::Key<'k>;
    }

    /// The typed scan builder's state; one generated method per field
    /// forwards to `ScanArg::apply`.
    pub struct Steps<K, T>(pub T, PhantomData<fn() -> K>);
    impl<K> Steps<K, ()> {
        pub fn new() -> Self {
            Steps((), PhantomData)
        }
    }
    pub trait Builder {
        type K: Layout;
        type T;
        fn steps(self) -> Steps<Self::K, Self::T>;
    }
    pub struct EqStep<T, V, const I: usize>(pub T, pub V);
    pub trait ScanArg<V> {
        type Out<B: Builder, const I: usize, const EQ: usize, const END: usize>;
        fn apply<B: Builder, const I: usize, const EQ: usize, const END: usize>(
            self,
            b: B,
        ) -> Self::Out<B, I, EQ, END>;
    }
    impl<V> ScanArg<V> for V {
        type Out<B: Builder, const I: usize, const EQ: usize, const END: usize> =
            <B::K as Layout>::Scan<EQ, EqStep<B::T, V, I>>;
        fn apply<B: Builder, const I: usize, const EQ: usize, const END: usize>(
            self,
            _: B,
        ) -> Self::Out<B, I, EQ, END> {
            todo!()
        }
    }
    pub type Next<B, A, V, const I: usize, const EQ: usize, const END: usize> =
        <A as ScanArg<V>>::Out<B, I, EQ, END>;
}
