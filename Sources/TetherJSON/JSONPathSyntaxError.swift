/// Why a path's text (a `--set` override's, a "set" event's) does not parse.
public struct JSONPathSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path text as given.
    public var text: String
    /// 1-based position, in characters, of the offending character (one past the end for a truncated path).
    public var column: Int
    public var message: String

    public init(text: String, column: Int, message: String) {
        self.text = text
        self.column = column
        self.message = message
    }

    public var description: String { "invalid path \(MessageText.quoted(text)): \(message)" }
}
