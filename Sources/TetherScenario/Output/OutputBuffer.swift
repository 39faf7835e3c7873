import TetherJSON

/// The pending bytes of an `OutputSink`: raw memory with one capacity check per append.
///
/// Profiling showed `Array.append(contentsOf:)` (uniqueness check, generic copy) costing
/// more than the digit arithmetic itself; this is the plain pointer-bump the hot loop needs.
/// Non-copyable, so the memory has exactly one owner and is freed exactly once.
public struct OutputBuffer: ~Copyable, ByteAppendable {
    private var base: UnsafeMutablePointer<UInt8>
    public private(set) var count = 0
    public private(set) var capacity: Int

    public init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    @inline(__always)
    public mutating func append(_ byte: UInt8) {
        if count == capacity { grow(minimum: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    public mutating func append(bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if count + bytes.count > capacity { grow(minimum: count + bytes.count) }
        let from = source.assumingMemoryBound(to: UInt8.self)
        if bytes.count <= 32 {
            // Numbers and names are short: a byte loop beats a call to memmove.
            for i in 0..<bytes.count { base[count + i] = from[i] }
        } else {
            (base + count).update(from: from, count: bytes.count)
        }
        count += bytes.count
    }

    /// Makes room for `maxCount` bytes and appends those `write` stores through the cursor
    /// (one capacity check for a whole row).
    @inline(__always)
    public mutating func append(atMost maxCount: Int, _ write: (inout ByteCursor) -> Void) {
        if count + maxCount > capacity { grow(minimum: count + maxCount) }
        var cursor = ByteCursor(base + count)
        write(&cursor)
        count = cursor.position - base
    }

    /// Makes room for rows up to a total of `total` pending bytes and one row more, `rowRoom`
    /// bytes at most, and appends what `write` stores through the cursor: `write` writes a row
    /// while the cursor is before `limit`, and needs no other check (one capacity check for a
    /// chunk of rows).
    @inline(__always)
    public mutating func append(
        rowsUpTo total: Int, rowRoom: Int, _ write: (inout ByteCursor, _ limit: UnsafeMutablePointer<UInt8>) -> Void
    ) {
        let budget = Swift.max(total - count, 0)
        if count + budget + rowRoom > capacity { grow(minimum: count + budget + rowRoom) }
        var cursor = ByteCursor(base + count)
        write(&cursor, base + count + budget)
        count = cursor.position - base
    }

    /// The pending bytes, for writing them out.
    public func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    public mutating func removeAll() {
        count = 0
    }

    private mutating func grow(minimum: Int) {
        let newCapacity = max(minimum, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
