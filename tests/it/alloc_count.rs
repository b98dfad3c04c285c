//! Counts the heap allocations of the thread that asks, so a test can say
//! how much work a call did without timing it (issue 8: timing belongs in
//! benchmarks). Tests run on threads of their own, so one test's count is
//! not another's.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

pub struct Counting;

thread_local! {
    /// (allocations and reallocations, bytes asked for).
    static COUNT: Cell<(u64, u64)> = const { Cell::new((0, 0)) };
}

fn count(bytes: usize) {
    // `try_with`: a thread being torn down still allocates.
    let _ = COUNT.try_with(|c| {
        let (n, b) = c.get();
        c.set((n + 1, b + bytes as u64));
    });
}

// SAFETY: every call is passed on unchanged to the system allocator; the
// counting touches only a const-initialised thread-local `Cell`, which
// does not allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        System.alloc(layout)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        System.alloc_zeroed(layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size);
        System.realloc(ptr, layout, new_size)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

/// Runs `f` and says how many allocations it made on this thread, and how
/// many bytes they asked for.
pub fn counted(f: impl FnOnce()) -> (u64, u64) {
    let (n0, b0) = COUNT.with(Cell::get);
    f();
    let (n1, b1) = COUNT.with(Cell::get);
    (n1 - n0, b1 - b0)
}
