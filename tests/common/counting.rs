//! A global allocator that counts the allocations of one thread while a
//! measuring window is open, for tests that prove code allocates nothing.
//! Each test binary that uses it declares it `#[global_allocator]`; the test
//! harness's own allocations, on its threads or outside a window, never count.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::hint::black_box;

pub struct Counting;

thread_local! {
    // `const` and `Cell`s: reading them never allocates or registers a
    // destructor, so the allocator can consult them from inside `alloc`.
    static MEASURING: Cell<bool> = const { Cell::new(false) };
    // Per thread, like the window: tests measuring on parallel threads
    // would otherwise count each other's allocations.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn note() {
    if MEASURING.try_with(Cell::get).unwrap_or(false) {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
    }
}

// SAFETY: every call is forwarded unchanged to `System`, which upholds the
// `GlobalAlloc` contract; counting touches no allocator state.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note();
        // SAFETY: the caller's contract for `alloc` is passed on as is.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note();
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note();
        // SAFETY: `ptr` came from this allocator, that is from `System`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from this allocator, that is from `System`.
        unsafe { System.dealloc(ptr, layout) }
    }
}

/// Runs `f` and returns its result with the number of allocations (and
/// reallocations) this thread made meanwhile.
pub fn count<R>(f: impl FnOnce() -> R) -> (R, usize) {
    ALLOCATIONS.set(0);
    MEASURING.set(true);
    let r = black_box(f());
    MEASURING.set(false);
    (r, ALLOCATIONS.get())
}
