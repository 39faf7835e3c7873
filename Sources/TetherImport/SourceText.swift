/// The pasted text as bytes, with where each line starts, so every place the reader looks at can
/// be named by line and column in messages.
///
/// Line ends are normalized to "\n" (a "\r" before "\n" is dropped) and a leading byte order
/// mark is skipped: text copied from Windows tools or saved by editors reads the same.
struct SourceText: Sendable {
    let bytes: [UInt8]
    /// Offset of the first byte of each line; line k (from 1) starts at `lineStarts[k - 1]`.
    let lineStarts: [Int]

    init(_ text: String) {
        var utf8 = Array(text.utf8)
        if utf8.starts(with: [0xEF, 0xBB, 0xBF]) { utf8.removeFirst(3) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        for (i, byte) in utf8.enumerated() where !(byte == Self.carriageReturn && i + 1 < utf8.count && utf8[i + 1] == Self.newline) {
            bytes.append(byte)
        }
        var starts = [0]
        for (i, byte) in bytes.enumerated() where byte == Self.newline { starts.append(i + 1) }
        self.bytes = bytes
        self.lineStarts = starts
    }

    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")

    var count: Int { bytes.count }

    /// The line (from 1) holding `offset`; the end of the text belongs to the last line.
    func line(of offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The column (from 1) of `offset` in its line, counted in characters (Unicode scalars), so a
    /// "▿" before it counts once.
    func column(of offset: Int) -> Int {
        let start = lineStarts[line(of: offset) - 1]
        var column = 1
        for i in start..<min(offset, bytes.count) where bytes[i] & 0xC0 != 0x80 { column += 1 }
        return column
    }

    /// The offset of the "\n" ending the line that holds `offset` (or the end of the text).
    func lineEnd(from offset: Int) -> Int {
        var i = offset
        while i < bytes.count, bytes[i] != Self.newline { i += 1 }
        return i
    }

    /// The bytes of `range` as text.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[max(0, range.lowerBound)..<min(bytes.count, range.upperBound)], as: UTF8.self)
    }
}
