/// Reads the pasted text forward, one byte at a time, optionally looking through line breaks.
///
/// A terminal (or a log viewer) that wraps long lines cuts a description anywhere — between two
/// fields, inside a number, inside a word — and inserts nothing but the line break. While
/// `joinsLines` is on, a line break is invisible: the next line's text follows the previous
/// line's directly, so "frame = (15 1⏎2; 384 57.5)" reads as "(15 12; …)". Spaces and tabs
/// that start the next line stay: the grammar allows white space wherever a wrapping tool that
/// indents its continuation lines would put it. Whether lines are joined is the parser's
/// decision (see `WrappedLines`).
struct TextCursor {
    let source: SourceText
    private(set) var offset: Int
    var joinsLines = false

    init(_ source: SourceText, at offset: Int = 0) {
        self.source = source
        self.offset = offset
    }

    private var bytes: [UInt8] { source.bytes }

    /// Where the next byte is read: past line breaks when lines are joined.
    var position: Int {
        var i = offset
        while joinsLines, i < bytes.count, bytes[i] == SourceText.newline { i += 1 }
        return i
    }

    /// The next byte, or nil at the end of the text (and, when lines are not joined, at a line break).
    var current: UInt8? {
        let i = position
        guard i < bytes.count, joinsLines || bytes[i] != SourceText.newline else { return nil }
        return bytes[i]
    }

    /// The end of the text, or (when lines are not joined) of the line.
    var atEnd: Bool { current == nil }

    /// At a line break or the end of the text, looking at the bytes as they are.
    var atLineEnd: Bool { offset >= bytes.count || bytes[offset] == SourceText.newline }

    var isAtTextEnd: Bool { position >= bytes.count }

    mutating func advance() {
        offset = position + 1
    }

    mutating func move(to offset: Int) {
        self.offset = offset
    }

    /// Skips spaces and tabs (and, when lines are joined, line breaks).
    mutating func skipSpaces() {
        while let byte = current, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { advance() }
    }

    /// Reads `literal` if the text continues with it; otherwise stays where it was.
    mutating func take(_ literal: String) -> Bool {
        let start = offset
        for byte in literal.utf8 {
            guard current == byte else {
                offset = start
                return false
            }
            advance()
        }
        return true
    }

    /// Whether the text continues with `literal` (the cursor does not move).
    func sees(_ literal: String) -> Bool {
        var probe = self
        return probe.take(literal)
    }

    /// Reads bytes while `accept` says yes; returns them as text.
    mutating func take(while accept: (UInt8) -> Bool) -> String {
        var taken: [UInt8] = []
        while let byte = current, accept(byte) {
            taken.append(byte)
            advance()
        }
        return String(decoding: taken, as: UTF8.self)
    }

    /// A place in the text for messages.
    func place() -> TextPlace { TextPlace(source, position) }
}

/// A line and column (both from 1), the way messages name a place in the pasted text.
public struct TextPlace: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    init(_ source: SourceText, _ offset: Int) {
        self.init(line: source.line(of: offset), column: source.column(of: offset))
    }

    public var description: String { "line \(line), column \(column)" }
}

/// Bytes the grammar tells apart.
enum Byte {
    static func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    static func isHexDigit(_ b: UInt8) -> Bool { isDigit(b) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66) }
    static func isSpace(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }
    /// Letters, digits, `_`, `.` and `$`: a class name with its module (`MyApp.CardAttributes`).
    static func isNamePart(_ b: UInt8) -> Bool { isLetter(b) || isDigit(b) || b == UInt8(ascii: "_") || b == UInt8(ascii: ".") || b == UInt8(ascii: "$") }
}
