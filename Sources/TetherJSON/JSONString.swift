/// JSON string literals (the frame writers and `JSONValue.serialized()`), escaped by hand so
/// output is fast and fixed:
/// `"` and `\` are backslashed, control characters use the short forms or `\u00XX` (upper-case hex), and
/// everything else (including non-ASCII UTF-8) is copied unchanged.
public enum JSONString {
    @inlinable
    public static func append<Buffer: ByteAppendable & ~Copyable>(_ string: String, to buffer: inout Buffer) {
        buffer.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): buffer.appendStatic("\\\"")
            case UInt8(ascii: "\\"): buffer.appendStatic("\\\\")
            case 0x0A: buffer.appendStatic("\\n")
            case 0x0D: buffer.appendStatic("\\r")
            case 0x09: buffer.appendStatic("\\t")
            case 0x08: buffer.appendStatic("\\b")
            case 0x0C: buffer.appendStatic("\\f")
            case 0..<0x20:
                let hex: StaticString = "0123456789ABCDEF"
                buffer.appendStatic("\\u00")
                buffer.append(hex.utf8Start[Int(byte >> 4)])
                buffer.append(hex.utf8Start[Int(byte & 0xF)])
            default:
                buffer.append(byte)
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }
}
