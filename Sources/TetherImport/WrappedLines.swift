/// When a description goes on past the end of its line.
///
/// A terminal, a log viewer or an e-mail that wraps long lines cuts a description wherever its
/// width ends and adds nothing but a line break (some indent the continuation). The reader joins
/// the next line to a description's line when the description cannot have ended there:
/// - before its frame (UIKit prints the frame in every description), and inside any field or
///   bracket: `TextCursor` joins lines while the parser is there;
/// - between fields after the frame, when the next line (or what is left of this line with the
///   next line after it, for a cut inside a name: "zInd⏎ex = 10;") starts one of UIKit's fields
///   (`transform`, `hidden`, `alpha`, `zIndex`, `IS CLONE`, `non-affine transform`, `element kind`).
///
/// A subclass's own field cut off onto the next line at a field boundary is not recognized (its
/// name could be anything, and so could the next line of a log): that field is left out of the
/// count of ignored fields. Everything UIKit prints is read.
enum WrappedLines {
    /// At a field boundary after the frame (the cursor past spaces, lines not joined): whether a
    /// field follows. Turns line joining on when it follows on the next line.
    static func fieldFollows(_ cursor: inout TextCursor) -> Bool {
        let source = cursor.source
        let here = cursor.offset
        let lineEnd = source.lineEnd(from: here)
        let rest = source.text(here..<lineEnd)
        if !rest.isEmpty, FieldStart.anyField(rest) { return true }
        guard lineEnd < source.count else { return false }
        let nextEnd = source.lineEnd(from: lineEnd + 1)
        let next = source.text((lineEnd + 1)..<nextEnd)
        let joined = rest.isEmpty ? next.trimmingSpaces : rest + next
        guard FieldStart.knownField(joined) else { return false }
        cursor.joinsLines = true
        cursor.skipSpaces()
        return true
    }
}

/// Whether text starts with a field of a description, looked at as plain text.
enum FieldStart {
    /// UIKit's fields with a value, and the separator after each name.
    static let valued: [(name: String, separators: [Character])] = [
        ("element kind", [":"]), ("frame", ["=", ":"]), ("transform", ["=", ":"]), ("hidden", ["="]), ("alpha", ["="]),
        ("zIndex", ["="]),
    ]
    /// UIKit's fields without a value.
    static let flags = ["IS CLONE", "non-affine transform"]

    /// One of UIKit's fields starts `text`.
    static func knownField(_ text: String) -> Bool {
        for (name, separators) in valued where text.hasPrefix(name) {
            let after = text.dropFirst(name.count).drop { $0 == " " || $0 == "\t" }
            if let first = after.first, separators.contains(first) { return true }
        }
        for flag in flags where text.hasPrefix(flag) {
            let after = text.dropFirst(flag.count)
            if after.first.map({ $0 == ";" || $0 == " " || $0 == "\t" }) ?? true { return true }
        }
        return false
    }

    /// Any field starts `text`: one of UIKit's, or a name (words of letters, digits, `_`, `.`)
    /// followed by `=`, `:` or `;`.
    static func anyField(_ text: String) -> Bool {
        if knownField(text) { return true }
        var sawName = false
        for scalar in text.unicodeScalars {
            if scalar.isASCII, Byte.isNamePart(UInt8(scalar.value)) {
                if !sawName && !(Byte.isLetter(UInt8(scalar.value)) || scalar == "_") { return false }
                sawName = true
            } else if scalar == " " || scalar == "\t" {
                guard sawName else { return false }
            } else if scalar == "=" || scalar == ":" || scalar == ";" {
                return sawName
            } else {
                return false
            }
        }
        return false
    }
}
