/// A problem with a value at a JSON path; the CLI prints "tether: error: FILE: PATH: message".
///
/// Syntax errors have a line and column; validation errors have a path instead, because
/// the same mistake can come from the file or from a `--set` override.
public struct ValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: JSONPath
    public var message: String

    public init(_ path: JSONPath, _ message: String) {
        self.path = path
        self.message = message
    }

    /// "PATH: message".
    public var description: String { "\(path): \(message)" }
}
