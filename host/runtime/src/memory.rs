//! Bounds-checked access to a contract's linear memory from host functions.
//!
//! Guest pointers and lengths are untrusted `i32`s: they are reinterpreted as the
//! unsigned 32-bit addresses wasm uses, `ptr + len` is computed without overflow, and
//! the range is checked against the current memory size before any byte is touched.
//! Failure is a [`HostTrap::MemoryOutOfBounds`], never a panic.

use std::ops::Range;

use crate::trap::HostTrap;

/// The byte range `[ptr, ptr + len)` if it lies inside a memory of `size` bytes.
pub fn range(size: usize, ptr: i32, len: usize) -> Result<Range<usize>, HostTrap> {
    let start = ptr as u32 as usize;
    let end = start.checked_add(len).ok_or(HostTrap::MemoryOutOfBounds)?;
    if end > size {
        return Err(HostTrap::MemoryOutOfBounds);
    }
    Ok(start..end)
}

/// The guest bytes at `[ptr, ptr + len)`.
pub fn slice(memory: &[u8], ptr: i32, len: usize) -> Result<&[u8], HostTrap> {
    let r = range(memory.len(), ptr, len)?;
    memory.get(r).ok_or(HostTrap::MemoryOutOfBounds)
}

/// Writes all of `bytes` at `ptr`, or nothing if the range is out of bounds.
pub fn write(memory: &mut [u8], ptr: i32, bytes: &[u8]) -> Result<(), HostTrap> {
    let r = range(memory.len(), ptr, bytes.len())?;
    memory
        .get_mut(r)
        .ok_or(HostTrap::MemoryOutOfBounds)?
        .copy_from_slice(bytes);
    Ok(())
}

/// An untrusted i32 length as a byte count (negative lengths become ≥ 2^31, and fail
/// the bounds check).
pub fn len(len: i32) -> usize {
    len as u32 as usize
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)]
mod tests {
    use super::*;

    #[test]
    fn ranges() {
        assert_eq!(range(10, 0, 10), Ok(0..10));
        assert_eq!(range(10, 9, 1), Ok(9..10));
        assert_eq!(range(10, 10, 0), Ok(10..10));
        assert_eq!(range(10, 9, 2), Err(HostTrap::MemoryOutOfBounds));
        assert_eq!(range(10, -1, 1), Err(HostTrap::MemoryOutOfBounds));
        assert_eq!(
            range(usize::MAX, -1, usize::MAX),
            Err(HostTrap::MemoryOutOfBounds)
        );
        assert_eq!(
            range(1 << 20, 0, len(i32::MAX)),
            Err(HostTrap::MemoryOutOfBounds)
        );
        assert_eq!(range(1 << 20, 0, len(-1)), Err(HostTrap::MemoryOutOfBounds));
    }

    #[test]
    fn write_is_all_or_nothing() {
        let mut m = [0u8; 4];
        assert!(write(&mut m, 3, &[1, 2]).is_err());
        assert_eq!(m, [0; 4]);
        write(&mut m, 2, &[1, 2]).unwrap();
        assert_eq!(m, [0, 0, 1, 2]);
    }
}
