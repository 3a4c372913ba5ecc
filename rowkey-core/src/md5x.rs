//! MD5 of several messages at once, one per lane: each state word is an
//! array of [`LANES`] `u32`s and every step is written as a loop over the
//! lanes, which the compiler turns into vector instructions. One MD5 is a
//! chain of 64 dependent steps, so a single hash leaves most of the core
//! idle; independent ones side by side fill it. Safe code only: no
//! intrinsics. Without the `simd` feature the vector width is the build's
//! (SSE2, four lanes per register, on any x86-64; AVX2 with `-C
//! target-cpu=native` on a machine that has it); with it, [`compress`] is
//! compiled three times, for AVX-512 (with its vector rotate), AVX2 and the
//! build's baseline, and the CPU's best is chosen at run time through
//! pulp's safe dispatch.
#![allow(
    clippy::many_single_char_names,
    reason = "a, b, c, d, f, g, h, i and x are RFC 1321's names"
)]

/// Messages hashed together.
pub(crate) const LANES: usize = 16;

type Lane = [u32; LANES];

/// 64-byte blocks of a padded message of `len` bytes.
fn blocks(len: usize) -> usize {
    (len + 8) / 64 + 1
}

/// The digests of `lens.len()` (at most [`LANES`]) messages of `lens[i]`
/// bytes; `fill(i, start, block)` copies the bytes `start..start + 64` of
/// message `i` (those that exist) into `block`, which is zeroed before. The
/// digests of lanes past `lens.len()` are to be ignored.
pub(crate) fn digests(
    lens: &[usize],
    mut fill: impl FnMut(usize, usize, &mut [u8; 64]),
) -> Digests {
    let lens = &lens[..lens.len().min(LANES)];
    let mut nblocks = [0usize; LANES];
    for (n, &len) in nblocks.iter_mut().zip(lens) {
        *n = blocks(len);
    }
    let most = nblocks.iter().copied().max().unwrap_or(1);
    let mut state = INIT;
    for block in 0..most {
        let mut x = [[0u32; LANES]; 16];
        // A lane whose message has fewer blocks keeps its state (mask 0).
        let mut keep = [0u32; LANES];
        let start = 64 * block;
        for (lane, &len) in lens.iter().enumerate() {
            if block >= nblocks[lane] {
                continue;
            }
            keep[lane] = u32::MAX;
            let mut bytes = [0u8; 64];
            if start < len {
                fill(lane, start, &mut bytes);
            }
            // The padding: 0x80 after the message, its length in bits at
            // the end of the last block.
            if (start..start + 64).contains(&len) {
                bytes[len - start] = 0x80;
            }
            if block + 1 == nblocks[lane] {
                bytes[56..].copy_from_slice(&(len as u64).wrapping_mul(8).to_le_bytes());
            }
            for (w, word) in x.iter_mut().zip(bytes.chunks_exact(4)) {
                w[lane] = u32::from_le_bytes([word[0], word[1], word[2], word[3]]);
            }
        }
        compress(&mut state, &x, &keep);
    }
    Digests(state)
}

/// The longest message of one block: 55 bytes, then the 0x80 and the
/// 8-byte length.
pub(crate) const SHORT: usize = 55;

/// [`digests`] of `n` (at most [`LANES`]) messages of at most [`SHORT`]
/// bytes: `fill(i, block)` [`put`](Block::put)s the parts of message `i`.
pub(crate) fn digests_short(n: usize, mut fill: impl FnMut(usize, &mut Block<'_>)) -> Digests {
    let mut x = [[0u32; LANES]; 16];
    for lane in 0..n.min(LANES) {
        let mut block = Block {
            x: &mut x,
            at: lane,
            lane,
            acc: 0,
            pending: 0,
            len: 0,
        };
        fill(lane, &mut block);
        block.finish();
    }
    let mut state = INIT;
    compress(&mut state, &x, &[u32::MAX; LANES]);
    Digests(state)
}

/// One lane's block of [`digests_short`], built as its bytes arrive: four
/// at a time straight into the lane's words, each stored once. (Built in
/// memory a range at a time and read back as words, the loads stall, each
/// waiting for the several stores it overlaps.)
pub(crate) struct Block<'x> {
    x: &'x mut [Lane; 16],
    /// Where the next word goes in `x` flattened: 16 times the words
    /// stored, plus the lane.
    at: usize,
    lane: usize,
    /// `pending` (0 to 3) bytes not yet stored, little-endian.
    acc: u32,
    pending: usize,
    len: usize,
}

#[allow(
    clippy::cast_possible_truncation,
    reason = "halves of a u64 load; counts under 56 bytes"
)]
impl Block<'_> {
    /// Appends `part` to the message: 4-byte loads, each a word of the
    /// block (shifted into place when the message so far is not a whole
    /// number of words); no `memcpy` call of variable length.
    #[inline(always)]
    pub(crate) fn put(&mut self, part: &[u8]) {
        self.len += part.len();
        let mut rest = part;
        if self.pending == 0 {
            // Two words per load: half the loop's turns.
            while let Some((chunk, tail)) = rest.split_first_chunk::<8>() {
                let pair = u64::from_le_bytes(*chunk);
                self.store(pair as u32);
                self.store((pair >> 32) as u32);
                rest = tail;
            }
            if let Some((chunk, tail)) = rest.split_first_chunk::<4>() {
                self.store(u32::from_le_bytes(*chunk));
                rest = tail;
            }
        } else {
            let shift = 8 * self.pending as u32;
            while let Some((chunk, tail)) = rest.split_first_chunk::<4>() {
                let c = u32::from_le_bytes(*chunk);
                self.store(self.acc | c << shift);
                self.acc = c >> (32 - shift);
                rest = tail;
            }
        }
        for &b in rest {
            self.push_byte(b);
        }
    }

    #[inline(always)]
    fn push_byte(&mut self, b: u8) {
        self.acc |= u32::from(b) << (8 * self.pending);
        self.pending += 1;
        if self.pending == 4 {
            self.store(self.acc);
            self.acc = 0;
            self.pending = 0;
        }
    }

    /// Stores the block's next word (a message past [`SHORT`] bytes, the
    /// caller's error, gets a wrong digest, not a panic: its words wrap
    /// around the block). No test of the count: one index, masked into
    /// the block, and one add per word.
    #[inline(always)]
    fn store(&mut self, word: u32) {
        self.x.as_flattened_mut()[self.at % (16 * LANES)] = word;
        self.at += LANES;
    }

    /// The padding: 0x80 after the message, its length in bits in bytes
    /// 56..64 (under 2^32 bits, so the high word stays 0).
    #[inline(always)]
    fn finish(mut self) {
        let len = self.len;
        self.push_byte(0x80);
        if self.pending > 0 {
            self.store(self.acc);
        }
        self.x[14][self.lane % LANES] = (len as u32).wrapping_mul(8);
    }
}

const INIT: [Lane; 4] = [
    [0x6745_2301; LANES],
    [0xefcd_ab89; LANES],
    [0x98ba_dcfe; LANES],
    [0x1032_5476; LANES],
];

/// Each lane's digest, left in the state words it is read from (byte `i`
/// is byte `i % 4` of word `i / 4`, little-endian): a salt reads a few of
/// its bytes, not all sixteen of every lane.
pub(crate) struct Digests([Lane; 4]);

impl Digests {
    /// Byte `i` (below 16) of lane `lane`'s digest.
    #[inline]
    #[allow(clippy::cast_possible_truncation, reason = "one byte of a word")]
    pub(crate) fn byte(&self, lane: usize, i: usize) -> u8 {
        (self.0[(i / 4) % 4][lane % LANES] >> (8 * (i % 4))) as u8
    }
}

/// Copies the bytes `start..start + 64` of the concatenation of `parts`
/// (ranges of `data`) into `block`: a `fill` for [`digests`].
#[inline]
pub(crate) fn gather(data: &[u8], parts: &[(usize, usize)], start: usize, block: &mut [u8; 64]) {
    // One part (a field's salt): the common case, without the loop.
    if let [(from, to)] = *parts {
        let window = data.get(from + start..to).unwrap_or(&[]);
        let n = window.len().min(64);
        block[..n].copy_from_slice(&window[..n]);
        return;
    }
    let end = start + 64;
    let mut at = 0;
    for &(from, to) in parts {
        let part = data.get(from..to).unwrap_or(&[]);
        let (lo, hi) = (at.max(start), (at + part.len()).min(end));
        if lo < hi {
            block[lo - start..hi - start].copy_from_slice(&part[lo - at..hi - at]);
        }
        at += part.len();
        if at >= end {
            break;
        }
    }
}

#[inline(always)]
fn f(b: u32, c: u32, d: u32) -> u32 {
    d ^ (b & (c ^ d))
}

#[inline(always)]
fn g(b: u32, c: u32, d: u32) -> u32 {
    c ^ (d & (b ^ c))
}

#[inline(always)]
fn h(b: u32, c: u32, d: u32) -> u32 {
    b ^ c ^ d
}

#[inline(always)]
fn i(b: u32, c: u32, d: u32) -> u32 {
    c ^ (b | !d)
}

/// `b + ((a + fun(b, c, d) + x + k) <<< s)`.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn step(
    fun: fn(u32, u32, u32) -> u32,
    a: u32,
    b: u32,
    c: u32,
    d: u32,
    x: u32,
    k: u32,
    s: u32,
) -> u32 {
    b.wrapping_add(
        a.wrapping_add(fun(b, c, d))
            .wrapping_add(x)
            .wrapping_add(k)
            .rotate_left(s),
    )
}

/// One block in every lane whose `keep` mask is set: RFC 1321's 64 steps,
/// state added back; [`compress_lanes`] in the widest registers the CPU has
/// (the `simd` feature) or the build's.
#[inline(never)]
fn compress(state: &mut [Lane; 4], x: &[Lane; 16], keep: &Lane) {
    // The detection is pulp's, cached there: an atomic load per feature
    // level tried, once per block.
    #[cfg(feature = "simd")]
    pulp::Arch::new().dispatch(dispatch::Compress { state, x, keep });
    #[cfg(not(feature = "simd"))]
    compress_lanes(state, x, keep);
}

#[cfg(feature = "simd")]
mod dispatch {
    use super::{compress_lanes, Lane};

    /// [`compress_lanes`] as pulp's operation: `with_simd` runs inside a
    /// function compiled with the target's features, and everything it
    /// calls must be inlined into it (hence `inline(always)` down to the
    /// steps) to be compiled with them too.
    pub(super) struct Compress<'a> {
        pub(super) state: &'a mut [Lane; 4],
        pub(super) x: &'a [Lane; 16],
        pub(super) keep: &'a Lane,
    }

    impl pulp::WithSimd for Compress<'_> {
        type Output = ();

        #[inline(always)]
        fn with_simd<S: pulp::Simd>(self, _: S) {
            compress_lanes(self.state, self.x, self.keep);
        }
    }
}

/// [`compress`]'s body. One loop over half the lanes, each iteration
/// carrying two lanes' chains of steps, which the loop vectorizer turns
/// into vector instructions: each iteration holds two independent chains
/// of eight lanes (two AVX2 or AVX-512 `ymm` registers, or two pairs of
/// SSE2 ones), so each step's latency is hidden behind the other chain's
/// (one chain of dependent steps is what makes a single MD5 slow).
#[inline(always)]
fn compress_lanes(words: &mut [Lane; 4], x: &[Lane; 16], keep: &Lane) {
    const HALF: usize = LANES / 2;
    // The state in a local: inlined into pulp's target-feature function,
    // the references lose their `noalias`, and with stores that might
    // overwrite `x` the loop was not vectorized at all (scalar code, 8
    // lanes' worth of general registers, in the AVX-512 and AVX2 copies).
    let mut local = *words;
    let state = &mut local;
    for l in 0..HALF {
        // The lanes indexed through one array (not `l` and `l + HALF`
        // written out): LLVM then interleaves the two chains' steps in the
        // machine code; written out, it emitted one chain's steps in runs,
        // latency-bound (31.5 against 20 ns per message, SSE2).
        let lanes = [l, l + HALF];
        let mut a = lanes.map(|i| state[0][i]);
        let mut b = lanes.map(|i| state[1][i]);
        let mut c = lanes.map(|i| state[2][i]);
        let mut d = lanes.map(|i| state[3][i]);
        // One step in both lanes of the iteration.
        macro_rules! step2 {
            ($fun:ident, $a:ident, $b:ident, $c:ident, $d:ident, $g:literal, $k:literal, $s:literal) => {
                for j in 0..2 {
                    $a[j] = step($fun, $a[j], $b[j], $c[j], $d[j], x[$g][lanes[j]], $k, $s);
                }
            };
        }
        step2!(f, a, b, c, d, 0, 0xd76a_a478, 7);
        step2!(f, d, a, b, c, 1, 0xe8c7_b756, 12);
        step2!(f, c, d, a, b, 2, 0x2420_70db, 17);
        step2!(f, b, c, d, a, 3, 0xc1bd_ceee, 22);
        step2!(f, a, b, c, d, 4, 0xf57c_0faf, 7);
        step2!(f, d, a, b, c, 5, 0x4787_c62a, 12);
        step2!(f, c, d, a, b, 6, 0xa830_4613, 17);
        step2!(f, b, c, d, a, 7, 0xfd46_9501, 22);
        step2!(f, a, b, c, d, 8, 0x6980_98d8, 7);
        step2!(f, d, a, b, c, 9, 0x8b44_f7af, 12);
        step2!(f, c, d, a, b, 10, 0xffff_5bb1, 17);
        step2!(f, b, c, d, a, 11, 0x895c_d7be, 22);
        step2!(f, a, b, c, d, 12, 0x6b90_1122, 7);
        step2!(f, d, a, b, c, 13, 0xfd98_7193, 12);
        step2!(f, c, d, a, b, 14, 0xa679_438e, 17);
        step2!(f, b, c, d, a, 15, 0x49b4_0821, 22);
        step2!(g, a, b, c, d, 1, 0xf61e_2562, 5);
        step2!(g, d, a, b, c, 6, 0xc040_b340, 9);
        step2!(g, c, d, a, b, 11, 0x265e_5a51, 14);
        step2!(g, b, c, d, a, 0, 0xe9b6_c7aa, 20);
        step2!(g, a, b, c, d, 5, 0xd62f_105d, 5);
        step2!(g, d, a, b, c, 10, 0x0244_1453, 9);
        step2!(g, c, d, a, b, 15, 0xd8a1_e681, 14);
        step2!(g, b, c, d, a, 4, 0xe7d3_fbc8, 20);
        step2!(g, a, b, c, d, 9, 0x21e1_cde6, 5);
        step2!(g, d, a, b, c, 14, 0xc337_07d6, 9);
        step2!(g, c, d, a, b, 3, 0xf4d5_0d87, 14);
        step2!(g, b, c, d, a, 8, 0x455a_14ed, 20);
        step2!(g, a, b, c, d, 13, 0xa9e3_e905, 5);
        step2!(g, d, a, b, c, 2, 0xfcef_a3f8, 9);
        step2!(g, c, d, a, b, 7, 0x676f_02d9, 14);
        step2!(g, b, c, d, a, 12, 0x8d2a_4c8a, 20);
        step2!(h, a, b, c, d, 5, 0xfffa_3942, 4);
        step2!(h, d, a, b, c, 8, 0x8771_f681, 11);
        step2!(h, c, d, a, b, 11, 0x6d9d_6122, 16);
        step2!(h, b, c, d, a, 14, 0xfde5_380c, 23);
        step2!(h, a, b, c, d, 1, 0xa4be_ea44, 4);
        step2!(h, d, a, b, c, 4, 0x4bde_cfa9, 11);
        step2!(h, c, d, a, b, 7, 0xf6bb_4b60, 16);
        step2!(h, b, c, d, a, 10, 0xbebf_bc70, 23);
        step2!(h, a, b, c, d, 13, 0x289b_7ec6, 4);
        step2!(h, d, a, b, c, 0, 0xeaa1_27fa, 11);
        step2!(h, c, d, a, b, 3, 0xd4ef_3085, 16);
        step2!(h, b, c, d, a, 6, 0x0488_1d05, 23);
        step2!(h, a, b, c, d, 9, 0xd9d4_d039, 4);
        step2!(h, d, a, b, c, 12, 0xe6db_99e5, 11);
        step2!(h, c, d, a, b, 15, 0x1fa2_7cf8, 16);
        step2!(h, b, c, d, a, 2, 0xc4ac_5665, 23);
        step2!(i, a, b, c, d, 0, 0xf429_2244, 6);
        step2!(i, d, a, b, c, 7, 0x432a_ff97, 10);
        step2!(i, c, d, a, b, 14, 0xab94_23a7, 15);
        step2!(i, b, c, d, a, 5, 0xfc93_a039, 21);
        step2!(i, a, b, c, d, 12, 0x655b_59c3, 6);
        step2!(i, d, a, b, c, 3, 0x8f0c_cc92, 10);
        step2!(i, c, d, a, b, 10, 0xffef_f47d, 15);
        step2!(i, b, c, d, a, 1, 0x8584_5dd1, 21);
        step2!(i, a, b, c, d, 8, 0x6fa8_7e4f, 6);
        step2!(i, d, a, b, c, 15, 0xfe2c_e6e0, 10);
        step2!(i, c, d, a, b, 6, 0xa301_4314, 15);
        step2!(i, b, c, d, a, 13, 0x4e08_11a1, 21);
        step2!(i, a, b, c, d, 4, 0xf753_7e82, 6);
        step2!(i, d, a, b, c, 11, 0xbd3a_f235, 10);
        step2!(i, c, d, a, b, 2, 0x2ad7_d2bb, 15);
        step2!(i, b, c, d, a, 9, 0xeb86_d391, 21);
        for (h, &i) in lanes.iter().enumerate() {
            let m = keep[i];
            state[0][i] = state[0][i].wrapping_add(a[h] & m);
            state[1][i] = state[1][i].wrapping_add(b[h] & m);
            state[2][i] = state[2][i].wrapping_add(c[h] & m);
            state[3][i] = state[3][i].wrapping_add(d[h] & m);
        }
    }
    *words = local;
}

#[cfg(test)]
mod tests {
    use super::{compress, compress_lanes, digests, digests_short, gather, Lane, LANES, SHORT};
    use md5::{Digest, Md5};

    /// xorshift64: inputs without a dev-dependency.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        #[allow(clippy::cast_possible_truncation, reason = "random bits")]
        fn word(&mut self) -> u32 {
            (self.next() >> 32) as u32
        }

        #[allow(clippy::cast_possible_truncation, reason = "random bits")]
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// The dispatched `compress` (AVX-512 or AVX2 with the `simd` feature,
    /// when the CPU has it) and the build's own copy of the lane code,
    /// which is what runs without the feature or on a CPU without AVX2.
    #[test]
    fn dispatched_and_portable_compress_agree() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for _ in 0..500 {
            let mut state = [[0u32; LANES]; 4];
            let mut x = [[0u32; LANES]; 16];
            let mut keep: Lane = [0; LANES];
            state.iter_mut().flatten().for_each(|w| *w = rng.word());
            x.iter_mut().flatten().for_each(|w| *w = rng.word());
            for m in &mut keep {
                *m = if rng.next() & 1 == 0 { 0 } else { u32::MAX };
            }
            let mut dispatched = state;
            compress(&mut dispatched, &x, &keep);
            let mut portable = state;
            compress_lanes(&mut portable, &x, &keep);
            assert_eq!(dispatched, portable);
            for lane in 0..LANES {
                if keep[lane] == 0 {
                    assert!((0..4).all(|w| dispatched[w][lane] == state[w][lane]));
                }
            }
        }
    }

    /// Every lane's digest is md-5's, for messages of one to several
    /// blocks side by side and for the one-block path.
    #[test]
    fn lanes_are_md5() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let mut data = [0u8; 300];
        for round in 0..200 {
            for b in &mut data {
                *b = rng.word().to_le_bytes()[0];
            }
            let n = round % (LANES + 1);
            let mut lens = [0usize; LANES];
            let mut ranges = [(0usize, 0usize); LANES];
            let short = round % 2 == 0;
            for i in 0..n {
                let max = if short { SHORT } else { 200 };
                let len = rng.below(max + 1);
                let from = rng.below(data.len() - len + 1);
                lens[i] = len;
                ranges[i] = (from, from + len);
            }
            let out = if short {
                digests_short(n, |i, block| block.put(&data[ranges[i].0..ranges[i].1]))
            } else {
                digests(&lens[..n], |i, start, block| {
                    gather(&data, &ranges[i..=i], start, block);
                })
            };
            for (i, &(from, to)) in ranges[..n].iter().enumerate() {
                let want = Md5::digest(&data[from..to]);
                let got: [u8; 16] = core::array::from_fn(|b| out.byte(i, b));
                assert_eq!(got[..], want[..], "lane {i} of {n}, {} bytes", to - from);
            }
        }
    }

    /// A one-block message put in three parts is hashed as their
    /// concatenation, for every split of up to 55 bytes into parts of 0 to
    /// 19 bytes, whatever the alignment each part starts at.
    #[test]
    fn parts_are_concatenated() {
        let mut rng = Rng(0x5851_f42d_4c95_7f2d);
        let mut data = [0u8; 64];
        for b in &mut data {
            *b = rng.word().to_le_bytes()[0];
        }
        let mut splits = [(0usize, 0usize, 0usize); LANES];
        let mut n = 0;
        let check = |splits: &[(usize, usize, usize)]| {
            let out = digests_short(splits.len(), |i, block| {
                let (a, b, c) = splits[i];
                block.put(&data[..a]);
                block.put(&data[a..a + b]);
                block.put(&data[a + b..a + b + c]);
            });
            for (i, &(a, b, c)) in splits.iter().enumerate() {
                let want = Md5::digest(&data[..a + b + c]);
                let got: [u8; 16] = core::array::from_fn(|k| out.byte(i, k));
                assert_eq!(got[..], want[..], "parts of {a}, {b} and {c} bytes");
            }
        };
        for a in 0..20 {
            for b in 0..20 {
                for c in 0..=(SHORT - a - b).min(19) {
                    splits[n] = (a, b, c);
                    n += 1;
                    if n == LANES {
                        check(&splits);
                        n = 0;
                    }
                }
            }
        }
        check(&splits[..n]);
    }
}
