//! The contract runtime: a bump global allocator and a panic handler that traps.

use core::alloc::{GlobalAlloc, Layout};
use core::arch::wasm32;
use core::cell::Cell;
use core::ptr;

/// The WebAssembly page size.
const PAGE: usize = 65536;

/// Hands out memory above the module's initial memory, growing it as needed. Never
/// frees individually: a call is short-lived, and [`reset_heap`] releases everything
/// at its end, so a warm instance reused for many calls does not run out of memory.
struct BumpAllocator {
    /// The next free address, or 0 before the first allocation.
    next: Cell<usize>,
    /// The end of memory.
    end: Cell<usize>,
}

// SAFETY: wasm32-unknown-unknown without the atomics feature is single-threaded.
unsafe impl Sync for BumpAllocator {}

unsafe impl GlobalAlloc for BumpAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if self.next.get() == 0 {
            let end = wasm32::memory_size(0) * PAGE;
            self.next.set(end);
            self.end.set(end);
        }
        // `align` is a power of two.
        let mask = layout.align() - 1;
        let Some(stop) = self
            .next
            .get()
            .checked_add(mask)
            .map(|n| n & !mask)
            .and_then(|start| start.checked_add(layout.size()))
        else {
            return ptr::null_mut();
        };
        if stop > self.end.get() {
            let pages = (stop - self.end.get()).div_ceil(PAGE);
            if wasm32::memory_grow(0, pages) == usize::MAX {
                return ptr::null_mut();
            }
            self.end.set(self.end.get() + pages * PAGE);
        }
        self.next.set(stop);
        (stop - layout.size()) as *mut u8
    }

    unsafe fn dealloc(&self, _ptr: *mut u8, _layout: Layout) {}
}

#[global_allocator]
static ALLOCATOR: BumpAllocator = BumpAllocator {
    next: Cell::new(0),
    end: Cell::new(0),
};

/// Releases every allocation at once. Called by [`crate::handle`] when a call has
/// finished and nothing it allocated is alive any more.
pub(crate) fn reset_heap() {
    ALLOCATOR.next.set(0);
}

#[panic_handler]
fn panic(_info: &core::panic::PanicInfo) -> ! {
    wasm32::unreachable()
}
