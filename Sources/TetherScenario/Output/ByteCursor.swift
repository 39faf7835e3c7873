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

    /// Copies `bytes`. Short text (a row's prefix, its repeated columns, a name) is copied
    /// eight bytes at a time in line: a call to `memcpy` per piece cost more than the copy.
    @inline(__always)
    public mutating func put(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        let count = bytes.count
        if count > 64 {
            UnsafeMutableRawPointer(position).copyMemory(from: source, byteCount: count)
            position += count
            return
        }
        let destination = UnsafeMutableRawPointer(position)
        var offset = 0
        while offset &+ 8 <= count {
            destination.storeBytes(
                of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
            offset &+= 8
        }
        // The last 0–7 bytes: at most one 4-, one 2- and one 1-byte copy, no loop.
        if count & 4 != 0 {
            destination.storeBytes(
                of: source.loadUnaligned(fromByteOffset: offset, as: UInt32.self), toByteOffset: offset, as: UInt32.self)
            offset &+= 4
        }
        if count & 2 != 0 {
            destination.storeBytes(
                of: source.loadUnaligned(fromByteOffset: offset, as: UInt16.self), toByteOffset: offset, as: UInt16.self)
            offset &+= 2
        }
        if count & 1 != 0 {
            position[offset] = source.load(fromByteOffset: offset, as: UInt8.self)
        }
        position += count
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
