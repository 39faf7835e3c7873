/// Something number and string formatting can append bytes to: `[UInt8]` for convenience, a
/// writer's raw output buffer for speed. The helpers are inlinable because the writers' hot loops
/// call them from other modules.
public protocol ByteAppendable: ~Copyable {
    mutating func append(_ byte: UInt8)
    mutating func append(bytes: UnsafeRawBufferPointer)
}

extension Array: ByteAppendable where Element == UInt8 {
    @inlinable
    public mutating func append(bytes: UnsafeRawBufferPointer) {
        append(contentsOf: bytes)
    }
}

extension ByteAppendable where Self: ~Copyable {
    /// Appends ASCII text known at compile time without going through `String`.
    @inlinable @inline(__always)
    public mutating func appendStatic(_ text: StaticString) {
        append(bytes: UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inlinable
    public mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBytes { append(bytes: $0) }
    }
}
