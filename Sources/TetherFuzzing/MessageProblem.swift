import TetherJSON

/// The rule every error message keeps, however hostile the input: one line (nothing in it that
/// `MessageText` would escape: no line break, line or paragraph separator, control or format
/// character) and short (values are cut at 80 characters, so a message is a few hundred bytes).
public enum MessageProblem {
    /// Longest message allowed, in bytes: several cut values and the words around them.
    public static let maxBytes = 2_000

    /// Why `message` breaks the rule, nil when it keeps it.
    public static func of(_ message: String) -> String? {
        if let bad = message.unicodeScalars.first(where: MessageText.needsEscape) {
            return "the message holds \(MessageText.codePoint(bad.value)): \(MessageText.quoted(message))"
        }
        if message.utf8.count > maxBytes {
            return "the message is \(message.utf8.count) bytes, more than \(maxBytes): \(MessageText.quoted(message))"
        }
        return nil
    }
}
