#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The C library's vectorised byte search and comparison (`memchr`, `memcmp`), for scanning
/// files of many megabytes line by line.
public enum RawBytes {
    /// The offset of the first `byte` in `count` bytes at `start`, or nil.
    @inlinable
    public static func firstOffset(of byte: UInt8, in start: UnsafeRawPointer, count: Int) -> Int? {
        guard count > 0, let found = memchr(start, Int32(byte), count) else { return nil }
        return UnsafeRawPointer(found) - start
    }

    /// Whether `count` bytes at `a` and at `b` are the same.
    @inlinable
    public static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        count == 0 || memcmp(a, b, count) == 0
    }
}
