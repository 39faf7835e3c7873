import TetherJSON

/// A write position in memory a buffer has made room for (`OutputBuffer.append(atMost:_:)`),
/// so the writers' hot loops store text with no capacity check per piece. It is also
/// `ByteAppendable`, for the generic formatters (`JSONString`); nothing checks the room there
/// either, so the caller reserves enough for what it appends.
public struct ByteCursor: ByteAppendable {
    public var position: UnsafeMutablePointer<UInt8>

    public init(_ position: UnsafeMutablePointer<UInt8>) {
        self.position = position
    }

    @inline(__always)
    public mutating func put(_ byte: UInt8) {
        position.pointee = byte
        position += 1
    }

    @inline(__always)
    public mutating func put(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        UnsafeMutableRawPointer(position).copyMemory(from: source, byteCount: bytes.count)
        position += bytes.count
    }

    /// ASCII text known at compile time, without going through `String`.
    @inline(__always)
    public mutating func put(_ text: StaticString) {
        put(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always)
    public mutating func append(_ byte: UInt8) { put(byte) }

    @inline(__always)
    public mutating func append(bytes: UnsafeRawBufferPointer) { put(bytes) }
}
