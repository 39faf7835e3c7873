/// The row kinds' names in two 8-byte words each, so a writer stores a name with two word
/// stores instead of copying a string of varying length.
struct RowKindName {
    /// The name's bytes, little-endian, zero past its end.
    let low: UInt64
    let high: UInt64
    let length: Int

    init(_ kind: RowKind) {
        let name = kind.staticName
        precondition(name.utf8CodeUnitCount <= 16, "a row kind's name longer than two words")
        var words = (UInt64(0), UInt64(0))
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)) }
        (low, high, length) = (words.0, words.1, name.utf8CodeUnitCount)
    }

    /// Every kind's name, indexed by `RowKind.rank`. A writer opens it once per frame
    /// (`withUnsafeBufferPointer`): reading a global in the row loop checks its lazy
    /// initialization every time.
    static let byRank: [RowKindName] = {
        let kinds = RowKind.allCases.sorted { $0.rank < $1.rank }
        precondition(kinds.map(\.rank) == Array(kinds.indices), "row kind ranks are not 0, 1, 2, …")
        return kinds.map(RowKindName.init)
    }()
}

extension ByteCursor {
    /// The name of `kind`, then `terminator` (the CSV's comma, the JSON string's closing quote).
    /// Stores 16 bytes whatever the name's length (see `ByteCursor.overshoot`).
    @inline(__always)
    mutating func putName(of kind: RowKind, then terminator: UInt8, from names: UnsafeBufferPointer<RowKindName>) {
        let name = names[kind.rank]
        let destination = UnsafeMutableRawPointer(position)
        destination.storeBytes(of: name.low, as: UInt64.self)
        destination.storeBytes(of: name.high, toByteOffset: 8, as: UInt64.self)
        position[name.length] = terminator
        position += name.length &+ 1
    }
}
