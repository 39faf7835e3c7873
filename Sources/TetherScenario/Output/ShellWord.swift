/// Commands Tether prints for a person to paste (the tuning page's `tether run …`, `check`'s
/// `tether check --record …`) quote their words for a POSIX shell, and only when they need it,
/// so the common case reads as typed.
public enum ShellWord {
    /// `text` as one POSIX shell word: bare when it holds only letters, digits and `._-/=:+,@%`,
    /// otherwise in single quotes (a quote inside written `'\''`).
    public static func quoted(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy { c in
            ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || "._-/=:+,@%".unicodeScalars.contains(c)
        }
        if plain && !text.isEmpty { return text }
        return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
