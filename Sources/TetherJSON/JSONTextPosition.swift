/// Turns a byte offset into the line and column an editor would show.
///
/// Computed only when an error is reported, so the hot parsing loop never tracks lines.
enum JSONTextPosition {
    static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = ByteOrderMark.length(in: bytes)
        let end = min(max(offset, 0), bytes.count)
        var index = lineStart
        while index < end {
            let byte = bytes[index]
            // "\n", "\r\n" and a lone "\r" each end a line.
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r")
                && (index + 1 >= bytes.count || bytes[index + 1] != UInt8(ascii: "\n"))) {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        // Each scalar has exactly one byte that is not a continuation byte (10xxxxxx).
        var column = 1
        index = lineStart
        while index < end {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return (line, column)
    }
}
