//! The contract runtime: a bump global allocator and a panic handler that traps.

use core::alloc::{GlobalAlloc, Layout};
use core::arch::wasm32;
use core::cell::Cell;
use core::ptr;

/// The WebAssembly page size.
const PAGE: usize = 65536;

/// Hands out memory from the linker's heap base, growing memory as needed. Never
/// frees individually: a call is short-lived, and [`reset_heap`] releases everything
/// at its end, so a warm instance reused for many calls does not run out of memory.
struct BumpAllocator {
    /// The next free address, or 0 before the first allocation of a call.
    next: Cell<usize>,
    /// The end of memory.
    end: Cell<usize>,
}

// SAFETY: wasm32-unknown-unknown without the atomics feature is single-threaded.
unsafe impl Sync for BumpAllocator {}

unsafe impl GlobalAlloc for BumpAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if self.next.get() == 0 {
            // The heap starts where the linker put it (after data and stack) and ends
            // at the current memory size, which earlier calls may have grown.
            self.next.set(heap_base());
            self.end.set(wasm32::memory_size(0) * PAGE);
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

/// Releases every allocation at once. Called by [`crate::entry`] and [`crate::handle_message`] when a call has
/// finished and nothing it allocated is alive any more.
///
/// The next call then starts from the same heap base, so a call costs the same gas on
/// a fresh instance and on one reused for many calls (unless it needs more memory than
/// any call before it, and grows it).
pub(crate) fn reset_heap() {
    ALLOCATOR.next.set(0);
}

extern "C" {
    /// The first address after static data and the stack, defined by the linker.
    static __heap_base: u8;
}

fn heap_base() -> usize {
    // Only the address of the linker-defined symbol is taken, never its value, which
    // needs no `unsafe`.
    ptr::addr_of!(__heap_base) as usize
}

#[panic_handler]
fn panic(_info: &core::panic::PanicInfo) -> ! {
    wasm32::unreachable()
}
