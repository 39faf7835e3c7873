/// A strict RFC 8259 parser.
///
/// Strict on purpose: the documents it reads are test inputs (scenario files), so anything a lenient parser would
/// guess at (comments, trailing commas, duplicate keys, NaN) is an error with a position
/// instead. The parser is iterative (an explicit container stack), so hostile nesting
/// cannot exhaust the thread stack, and it never traps on any byte sequence.
public enum JSONParser {
    /// Containers may nest this deep; one more is an error.
    public static let maximumDepth = 512

    /// Parses UTF-8 bytes. A leading byte order mark is skipped.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var scanner = JSONScanner(bytes)
        do {
            return try scanner.parseDocument()
        } catch {
            let (line, column) = JSONTextPosition.lineAndColumn(of: error.offset, in: bytes)
            throw JSONSyntaxError(line: line, column: column, message: error.message)
        }
    }

    /// Parses a string's UTF-8 encoding.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}

/// A parse failure located by byte offset; converted to line and column only when thrown out.
struct JSONScanFailure: Error {
    var offset: Int
    var message: String
}
