/// A row kind's name with the fixed text a writer puts around it (CSV's "cell,", JSON's
/// `,"kind":"cell","center":[`), in one 32-byte block, so a writer stores it with two 16-byte
/// stores instead of copying three pieces of varying length.
struct RowKindName {
    /// The text's bytes, little-endian, zero past its end.
    let low: SIMD2<UInt64>
    let high: SIMD2<UInt64>
    let length: Int

    init(_ kind: RowKind, before: StaticString = "", after: StaticString = "") {
        var bytes: [UInt8] = []
        for text in [before, kind.staticName, after] {
            bytes += UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        }
        precondition(bytes.count <= 32, "a row kind's text longer than its block")
        var block = (SIMD2<UInt64>(), SIMD2<UInt64>())
        withUnsafeMutableBytes(of: &block) { block in bytes.withUnsafeBytes { block.copyMemory(from: $0) } }
        (low, high, length) = (block.0, block.1, bytes.count)
    }

    /// Every kind's text, indexed by `RowKind.rank`. A writer opens a table once per frame
    /// (`withUnsafeBufferPointer`): reading a global in the row loop checks its lazy
    /// initialization every time.
    static func byRank(before: StaticString = "", after: StaticString = "") -> [RowKindName] {
        let kinds = RowKind.allCases.sorted { $0.rank < $1.rank }
        precondition(kinds.map(\.rank) == Array(kinds.indices), "row kind ranks are not 0, 1, 2, …")
        return kinds.map { RowKindName($0, before: before, after: after) }
    }

    /// CSV: the name and its comma.
    static let csv = byRank(after: ",")
    /// JSON: the kind member, then the center's key and bracket (items without an id).
    static let jsonUpToCenter = byRank(before: #","kind":""#, after: #"","center":["#)
    /// JSON: the kind member alone (world items, whose id follows).
    static let jsonKind = byRank(before: #","kind":""#, after: #"""#)
}

extension ByteCursor {
    /// The text of `kind` from `names`. Stores 32 bytes whatever its length (see
    /// `ByteCursor.overshoot`).
    @inline(__always)
    mutating func putName(of kind: RowKind, from names: UnsafeBufferPointer<RowKindName>) {
        let name = names[kind.rank]
        let destination = UnsafeMutableRawPointer(position)
        destination.storeBytes(of: name.low, as: SIMD2<UInt64>.self)
        destination.storeBytes(of: name.high, toByteOffset: 16, as: SIMD2<UInt64>.self)
        position += name.length
    }
}
