/// JSON string literals for the writers, escaped by hand so output is fast and fixed:
/// `"` and `\` are backslashed, control characters use the short forms or `\u00XX`, and
/// everything else (including non-ASCII UTF-8) is copied unchanged.
enum JSONString {
    static func append(_ string: String, to buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): buffer.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): buffer.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: buffer.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: buffer.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: buffer.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x08: buffer.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: buffer.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0..<0x20:
                let hex: StaticString = "0123456789abcdef"
                buffer.append(contentsOf: "\\u00".utf8)
                buffer.append(hex.utf8Start[Int(byte >> 4)])
                buffer.append(hex.utf8Start[Int(byte & 0xF)])
            default:
                buffer.append(byte)
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }
}

extension Array where Element == UInt8 {
    /// Appends ASCII text known at compile time without going through `String`.
    @inline(__always)
    mutating func appendStatic(_ text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
