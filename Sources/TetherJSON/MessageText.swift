/// Text taken from an input (a key, a value, a CSV field, a file name, a command-line word) as it
/// may appear inside a one-line error message.
///
/// Every message that quotes such text goes through here, so two rules hold everywhere:
/// - **Escaped.** Characters that would break the line or hide in it — control characters
///   (U+0000–U+001F, U+007F–U+009F, which include U+0085 NEXT LINE), format characters
///   (bidirectional overrides, zero-width characters, U+FEFF) and Unicode's line and paragraph
///   separators (U+2028, U+2029) — are written as JSON escapes (`\n`, `\u2028`), so a quoted
///   value is still a JSON string literal and the message stays one line for line-based tools.
/// - **Shortened.** Past `valueLimit` Unicode scalars (`pathLimit` for file names) the text is
///   cut and followed by `… (N bytes)`, its whole length. The work is bounded by the limit, not
///   by the text: a 60 MB key costs as much to quote as an 80-character one.
public enum MessageText {
    /// Scalars of a quoted value shown before it is cut.
    public static let valueLimit = 80
    /// Scalars of a file name shown before it is cut (longer than any path the system opens).
    public static let pathLimit = 4_096

    /// `"value"`, escaped, or `"first 80 scalars"… (N bytes)`.
    public static func quoted(_ text: some StringProtocol) -> String {
        write(text, limit: valueLimit, quoting: true)
    }

    /// A value of raw bytes (a CSV field), decoded as UTF-8 (invalid sequences as U+FFFD) and
    /// quoted; only the bytes that can be shown are decoded.
    public static func quoted(bytes: some Collection<UInt8>) -> String {
        write(decodingPrefixOf: bytes, limit: valueLimit, quoting: true)
    }

    /// Raw bytes decoded as UTF-8 and shown like `plain`.
    public static func plain(bytes: some Collection<UInt8>, limit: Int = valueLimit) -> String {
        write(decodingPrefixOf: bytes, limit: limit, quoting: false)
    }

    /// The text escaped and shortened, without quotes: file names and words that messages have
    /// always shown bare (`'--frobnicate'`, `scenarios/x.json`).
    public static func plain(_ text: some StringProtocol, limit: Int = valueLimit) -> String {
        write(text, limit: limit, quoting: false)
    }

    /// A file name for a message (`plain` with `pathLimit`).
    public static func path(_ text: some StringProtocol) -> String {
        plain(text, limit: pathLimit)
    }

    /// One character as a message names it: `'x'`, or `U+XXXX` for one that `plain` would escape
    /// and for spaces other than U+0020 (which look like it).
    public static func character(_ scalar: Unicode.Scalar) -> String {
        if needsEscape(scalar) || (scalar != " " && scalar.properties.generalCategory == .spaceSeparator) {
            return codePoint(scalar.value)
        }
        return "'\(Character(scalar))'"
    }

    /// A finished message made one line: any character `plain` escapes that is still in it
    /// (from text that did not come through here) is escaped. Not shortened.
    public static func oneLine(_ message: String) -> String {
        guard message.unicodeScalars.contains(where: needsEscape) else { return message }
        var output = ""
        for scalar in message.unicodeScalars {
            if needsEscape(scalar) { appendEscape(scalar, to: &output) } else { output.unicodeScalars.append(scalar) }
        }
        return output
    }

    /// Control and format characters and line and paragraph separators.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return true }
        if scalar.value < 0xA0 { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// "U+2028".
    public static func codePoint(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Decodes no more bytes than `limit` scalars can take (4 bytes each, and one more scalar
    /// to know that the text goes on).
    private static func write(decodingPrefixOf bytes: some Collection<UInt8>, limit: Int, quoting: Bool) -> String {
        let shown = String(decoding: bytes.prefix(4 * limit + 4), as: UTF8.self)
        return write(shown, limit: limit, quoting: quoting, totalBytes: bytes.count)
    }

    private static func write(_ text: some StringProtocol, limit: Int, quoting: Bool, totalBytes: Int? = nil) -> String {
        var output = quoting ? "\"" : ""
        var shown = 0
        var cut = false
        for scalar in text.unicodeScalars {
            if shown == limit {
                cut = true
                break
            }
            shown += 1
            if quoting && (scalar == "\"" || scalar == "\\") {
                output += "\\"
                output.unicodeScalars.append(scalar)
            } else if needsEscape(scalar) {
                appendEscape(scalar, to: &output)
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        if quoting { output += "\"" }
        let bytes = totalBytes ?? text.utf8.count
        if cut || bytes > text.utf8.count { output += "… (\(bytes) bytes)" }
        return output
    }

    /// JSON's escape for one scalar: the short forms, else `\uXXXX` (a surrogate pair past U+FFFF).
    private static func appendEscape(_ scalar: Unicode.Scalar, to output: inout String) {
        switch scalar {
        case "\n": output += "\\n"
        case "\r": output += "\\r"
        case "\t": output += "\\t"
        case "\u{08}": output += "\\b"
        case "\u{0C}": output += "\\f"
        default:
            for unit in UTF16.encode(scalar)! {
                output += "\\u" + codePoint(UInt32(unit)).dropFirst(2)
            }
        }
    }
}
