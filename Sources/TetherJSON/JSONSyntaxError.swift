/// Why a document is not valid JSON, and where.
///
/// The position is that of the offending character, in the terms an editor shows:
/// 1-based line, and 1-based column counted in Unicode scalars (not bytes).
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// "LINE:COLUMN: message", the tail of a compiler-style diagnostic.
    public var description: String { "\(line):\(column): \(message)" }
}
