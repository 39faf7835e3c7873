import TetherJSON
/// Reads one layout attributes description (see `AttributesDescription` for what UIKit prints).
///
/// A description starts with its object header, `<CLASS: 0xADDRESS>`, followed by
/// `index path:`; that pair is what makes text "look like attributes". From there on, anything
/// that cannot be read is an error naming the line and column. UIKit's fields are read in any
/// order (a subclass may print them its own way); each may appear once. Fields with other names
/// are a subclass's own: counted, not read. The description ends where no further field starts:
/// at "to <…>" in a crash message, at "," or "]" between array elements, at ")" closing
/// `Optional(…)`, at the end of its line.
///
/// Until the frame is read, and inside any field, lines are joined (`TextCursor`): a description
/// cut by a terminal continues on the next line. Between fields after the frame, `WrappedLines`
/// decides.
struct DescriptionParser {
    private var cursor: TextCursor
    private let source: SourceText
    private let start: Int

    /// Whether a description starts at `offset` (a `<`): an object header, then `index path:`.
    static func startsDescription(_ source: SourceText, at offset: Int) -> Bool {
        guard offset < source.count, source.bytes[offset] == UInt8(ascii: "<") else { return false }
        var cursor = TextCursor(source, at: offset)
        cursor.joinsLines = true
        guard readHeader(&cursor) != nil else { return false }
        cursor.skipSpaces()
        return cursor.take("index path:")
    }

    /// `<CLASS: 0xADDRESS>`: the class name, or nil (the cursor then is anywhere).
    private static func readHeader(_ cursor: inout TextCursor) -> String? {
        guard cursor.take("<") else { return nil }
        let name = cursor.take(while: Byte.isNamePart)
        guard !name.isEmpty, Byte.isLetter(name.utf8.first!) || name.utf8.first == UInt8(ascii: "_"), cursor.take(":") else {
            return nil
        }
        cursor.skipSpaces()
        guard cursor.take("0x") else { return nil }
        guard !cursor.take(while: Byte.isHexDigit).isEmpty, cursor.take(">") else { return nil }
        return name
    }

    /// Reads the description starting at `offset`, where `startsDescription` said one starts.
    static func parse(_ source: SourceText, at offset: Int) throws(ImportError) -> AttributesDescription {
        var parser = DescriptionParser(source: source, start: offset)
        return try parser.parse()
    }

    private init(source: SourceText, start: Int) {
        self.source = source
        self.start = start
        cursor = TextCursor(source, at: start)
    }

    private var startLine: Int { source.line(of: start) }

    private func error(_ message: String, at place: TextPlace? = nil) -> ImportError {
        ImportError(place ?? cursor.place(), message)
    }

    // MARK: The description

    private mutating func parse() throws(ImportError) -> AttributesDescription {
        cursor.joinsLines = true
        let className = Self.readHeader(&cursor)!
        cursor.skipSpaces()
        _ = cursor.take("index path:")
        let (section, item) = try readIndexPathField()
        var fields = Fields()
        while true {
            let boundary = cursor.offset
            if fields.frame == nil {
                cursor.joinsLines = true
                cursor.skipSpaces()
            } else {
                cursor.joinsLines = false
                cursor.skipSpaces()
                guard WrappedLines.fieldFollows(&cursor) else {
                    cursor.move(to: boundary)
                    break
                }
            }
            guard try readField(into: &fields) else {
                guard fields.frame != nil else {
                    throw error("this description has no frame = (x y; w h) (UIKit prints one in every description)", at: TextPlace(source, start))
                }
                cursor.move(to: boundary)
                break
            }
            guard endField() else {
                guard fields.frame != nil else { throw error("expected ; after this field (UIKit ends every field with \"; \")") }
                break
            }
        }
        return AttributesDescription(
            className: className, start: start, end: cursor.offset, section: section, item: item, elementKind: fields.kind,
            frame: fields.frame!.rect, framePlace: fields.frame!.place, transform: fields.transform?.value,
            transformPlace: fields.transform?.place, nonAffinePlace: fields.nonAffine, isHidden: fields.hidden ?? false,
            alpha: fields.alpha?.value ?? 1, alphaPlace: fields.alpha?.place, zIndex: fields.zIndex?.value ?? 0,
            zIndexPlace: fields.zIndex?.place, category: fields.category, ignoredFields: fields.ignored)
    }

    /// What the fields said so far.
    private struct Fields {
        var kind: String?
        var frame: (rect: PrintedRect, place: TextPlace)?
        var transform: (value: AffineTransform, place: TextPlace)?
        var nonAffine: TextPlace?
        var hidden: Bool?
        var alpha: (value: Double, place: TextPlace)?
        var zIndex: (value: Int, place: TextPlace)?
        var isClone = false
        var category: String?
        var ignored: [String] = []
    }

    /// After a field: its ";" (read across a line break when it is there). Returns false, the
    /// cursor right after the field, when there is none: the description ends there.
    private mutating func endField() -> Bool {
        let afterValue = cursor.offset
        cursor.joinsLines = true
        cursor.skipSpaces()
        if cursor.take(";") { return true }
        cursor.move(to: afterValue)
        return false
    }

    /// Reads one field, known or not; false when no field starts here (the cursor is back
    /// where it was).
    private mutating func readField(into fields: inout Fields) throws(ImportError) -> Bool {
        let place = cursor.place()
        cursor.joinsLines = true
        if takeName("element kind", separator: ":") {
            try once(fields.kind == nil, "element kind", place)
            fields.kind = try readParenthesized()
        } else if takeName("frame", separator: "=") || takeName("frame", separator: ":") {
            try once(fields.frame == nil, "frame", place)
            fields.frame = (try readRect(), place)
        } else if takeName("transform", separator: "=") || takeName("transform", separator: ":") {
            try once(fields.transform == nil && fields.nonAffine == nil, "transform", place)
            fields.transform = (try readTransform(), place)
        } else if takeFlag("non-affine transform") {
            try once(fields.transform == nil && fields.nonAffine == nil, "transform", place)
            fields.nonAffine = place
        } else if takeName("hidden", separator: "=") {
            try once(fields.hidden == nil, "hidden", place)
            fields.hidden = try readYesNo()
        } else if takeName("alpha", separator: "=") {
            try once(fields.alpha == nil, "alpha", place)
            fields.alpha = (try readNumber("alpha"), place)
        } else if takeName("zIndex", separator: "=") {
            try once(fields.zIndex == nil, "zIndex", place)
            fields.zIndex = (try readInteger("zIndex"), place)
        } else if takeFlag("IS CLONE") {
            fields.isClone = true
        } else if takeName("index path", separator: ":") {
            throw error("a second index path in the description starting on line \(startLine)", at: place)
        } else {
            cursor.joinsLines = false
            guard let name = takeOtherName() else { return false }
            let value = readOtherValue()
            if name.lowercased().hasSuffix("elementcategory") {
                fields.category = value
            } else {
                fields.ignored.append(name)
            }
        }
        return true
    }

    private func once(_ first: Bool, _ name: String, _ place: TextPlace) throws(ImportError) {
        if !first { throw error("\(name) given twice in the description starting on line \(startLine)", at: place) }
    }

    // MARK: Names

    /// `name`, white space, `separator` (and white space after it); nothing read otherwise.
    private mutating func takeName(_ name: String, separator: Character) -> Bool {
        let start = cursor.offset
        guard cursor.take(name) else { return false }
        cursor.skipSpaces()
        guard cursor.take(String(separator)) else {
            cursor.move(to: start)
            return false
        }
        cursor.skipSpaces()
        return true
    }

    /// A field without a value (`IS CLONE`), followed by ";" or the end of the description.
    private mutating func takeFlag(_ name: String) -> Bool {
        let start = cursor.offset
        guard cursor.take(name) else { return false }
        if let next = cursor.current, Byte.isNamePart(next) {
            cursor.move(to: start)
            return false
        }
        return true
    }

    /// A subclass's field name on this line: words of letters, digits, `_` and `.` separated by
    /// single spaces, then `=` or `:` (or `;` for a flag). Nil when the text is not a field.
    private mutating func takeOtherName() -> String? {
        let start = cursor.offset
        var name = ""
        while true {
            let word = cursor.take(while: Byte.isNamePart)
            guard !word.isEmpty else { break }
            name += name.isEmpty ? word : " " + word
            guard cursor.current == UInt8(ascii: " "), name.utf8.count < 60 else { break }
            let beforeSpace = cursor.offset
            cursor.advance()
            if let next = cursor.current, Byte.isNamePart(next) { continue }
            cursor.move(to: beforeSpace)
            break
        }
        guard let first = name.utf8.first, Byte.isLetter(first) || first == UInt8(ascii: "_") else {
            cursor.move(to: start)
            return nil
        }
        cursor.skipSpaces()
        if cursor.current == UInt8(ascii: ";") { return name }
        guard cursor.take("=") || cursor.take(":") else {
            cursor.move(to: start)
            return nil
        }
        return name
    }

    /// A subclass field's value, skipped: up to a ";" outside brackets, a closing bracket that
    /// was not opened in it, the start of another description, or the end of the line outside
    /// brackets (inside brackets it goes on, as a wrapped line would). Returns it trimmed.
    private mutating func readOtherValue() -> String {
        var depth = 0
        var text: [UInt8] = []
        cursor.joinsLines = false
        while true {
            if cursor.atLineEnd {
                guard depth > 0, !cursor.isAtTextEnd else { break }
                cursor.joinsLines = true
                _ = cursor.current
                cursor.move(to: cursor.position)
                cursor.joinsLines = false
                continue
            }
            let byte = cursor.current!
            if byte == UInt8(ascii: "<"), DescriptionParser.startsDescription(source, at: cursor.offset) { break }
            if byte == UInt8(ascii: ";") && depth == 0 { break }
            if [UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "<")].contains(byte) { depth += 1 }
            if [UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ">")].contains(byte) {
                if depth == 0 { break }
                depth -= 1
            }
            text.append(byte)
            cursor.advance()
        }
        return String(decoding: text, as: UTF8.self).trimmingSpaces
    }

    // MARK: Values

    /// `(<NSIndexPath: 0x…> {length = 2, path = 0 - 3});` (or `<IndexPath: …>`): section and item.
    private mutating func readIndexPathField() throws(ImportError) -> (Int, Int) {
        cursor.skipSpaces()
        guard cursor.take("(") else { throw error("expected ( after index path:") }
        cursor.skipSpaces()
        let pathPlace = cursor.place()
        if cursor.sees("<") {
            var probe = cursor
            guard Self.readHeader(&probe) != nil else {
                throw error("expected <NSIndexPath: 0x…> {length = 2, path = S - I} after index path: (")
            }
            cursor = probe
            cursor.skipSpaces()
        }
        guard cursor.take("{") else { throw error("expected {length = 2, path = S - I} in the index path") }
        cursor.skipSpaces()
        guard takeName("length", separator: "=") else { throw error("expected length = N in the index path") }
        let length = try readInteger("the index path's length")
        cursor.skipSpaces()
        guard cursor.take(",") else { throw error("expected , after the index path's length") }
        cursor.skipSpaces()
        guard takeName("path", separator: "=") else { throw error("expected path = S - I in the index path") }
        var indexes = [try readInteger("an index")]
        while true {
            cursor.skipSpaces()
            guard cursor.take("-") else { break }
            cursor.skipSpaces()
            indexes.append(try readInteger("an index"))
        }
        guard cursor.take("}") else { throw error("expected } closing the index path") }
        cursor.skipSpaces()
        guard cursor.take(")") else { throw error("expected ) after the index path") }
        guard indexes.count == length else {
            throw error("the index path says length = \(length) but has \(indexes.count) indexes", at: pathPlace)
        }
        guard length == 2 else {
            let path = indexes.map(String.init).joined(separator: " - ")
            throw error(
                "index path (\(path)) has length \(length): collection view elements have a section and an item (length 2)",
                at: pathPlace)
        }
        cursor.skipSpaces()
        guard cursor.take(";") else { throw error("expected ; after the index path") }
        return (indexes[0], indexes[1])
    }

    /// `(TEXT)`: the text, up to the matching parenthesis, trimmed.
    private mutating func readParenthesized() throws(ImportError) -> String {
        guard cursor.take("(") else { throw error("expected ( after element kind:") }
        var depth = 1
        var text: [UInt8] = []
        while let byte = cursor.current {
            if byte == UInt8(ascii: "(") { depth += 1 }
            if byte == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 { break }
            }
            text.append(byte)
            cursor.advance()
        }
        guard cursor.take(")") else { throw error("the element kind's ( is never closed") }
        let kind = String(decoding: text, as: UTF8.self).trimmingSpaces
        guard !kind.isEmpty else { throw error("the element kind is empty") }
        return kind
    }

    /// `(x y; w h)`.
    private mutating func readRect() throws(ImportError) -> PrintedRect {
        guard cursor.take("(") else { throw error("expected ( after frame =: a frame is printed (x y; w h)") }
        let x = try readNumber("the frame's x")
        let y = try readNumber("the frame's y")
        cursor.skipSpaces()
        guard cursor.take(";") else { throw error("expected ; between the frame's origin and size: a frame is printed (x y; w h)") }
        let width = try readNumber("the frame's width")
        let height = try readNumber("the frame's height")
        cursor.skipSpaces()
        guard cursor.take(")") else { throw error("expected ) closing the frame: a frame is printed (x y; w h)") }
        return PrintedRect(x: x, y: y, width: width, height: height)
    }

    /// `[a, b, c, d, tx, ty]`.
    private mutating func readTransform() throws(ImportError) -> AffineTransform {
        guard cursor.take("[") else { throw error("expected [ after transform =: a transform is printed [a, b, c, d, tx, ty]") }
        var values: [Double] = []
        let names = ["a", "b", "c", "d", "tx", "ty"]
        for (k, name) in names.enumerated() {
            values.append(try readNumber("the transform's \(name)"))
            cursor.skipSpaces()
            let separator = k == names.count - 1 ? "]" : ","
            guard cursor.take(separator) else {
                throw error("expected \(separator) in the transform: a transform is printed [a, b, c, d, tx, ty]")
            }
        }
        return AffineTransform(a: values[0], b: values[1], c: values[2], d: values[3], tx: values[4], ty: values[5])
    }

    private mutating func readYesNo() throws(ImportError) -> Bool {
        if cursor.take("YES") { return true }
        if cursor.take("NO") { return false }
        throw error("expected YES or NO after hidden =")
    }

    /// A number as `%g` prints it: `12`, `-0.5`, `57.5`, `1e+06`, `-8.98847e+307`. `nan` and
    /// `inf` are read and refused: no element can be placed there.
    private mutating func readNumber(_ what: String) throws(ImportError) -> Double {
        cursor.skipSpaces()
        let place = cursor.place()
        let text = cursor.take { Byte.isDigit($0) || "+-.eEnaifNAIF".utf8.contains($0) }
        guard NumberText.isNumber(text), let value = Double(text) else {
            throw error("expected a number for \(what), found \(foundWord(text))", at: place)
        }
        guard value.isFinite else { throw error("\(what) is \(text): an element needs finite numbers", at: place) }
        return value
    }

    /// What stands where a value was expected, for the message: the word there (up to a space
    /// or a separator), or the separator itself.
    private func foundWord(_ taken: String) -> String {
        var probe = cursor
        let rest = probe.take { !Byte.isSpace($0) && !";,)]}".utf8.contains($0) }
        let word = taken + rest
        if !word.isEmpty { return MessageText.quoted(word.prefix(20)) }
        return cursor.current.map { MessageText.quoted(bytes: [$0]) } ?? "the end of the text"
    }

    private mutating func readInteger(_ what: String) throws(ImportError) -> Int {
        cursor.skipSpaces()
        let place = cursor.place()
        var text = cursor.take("-") ? "-" : ""
        text += cursor.take(while: Byte.isDigit)
        if let next = cursor.current, next == UInt8(ascii: ".") || next == UInt8(ascii: "e") {
            throw error("expected a whole number for \(what), found \(MessageText.quoted(text + String(decoding: [next], as: UTF8.self)))…", at: place)
        }
        guard let value = Int(text) else { throw error("expected a whole number for \(what), found \(foundWord(text))", at: place) }
        return value
    }
}

/// The shape of a number `%g` (or `%.17g`) prints: an optional sign, digits with an optional
/// fraction, an optional exponent; or `nan`, `inf`.
enum NumberText {
    static func isNumber(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        let word = String(decoding: bytes, as: UTF8.self).lowercased()
        if word == "nan" || word == "inf" || word == "infinity" { return true }
        var digits = 0
        while let b = bytes.first, Byte.isDigit(b) { bytes = bytes.dropFirst(); digits += 1 }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            while let b = bytes.first, Byte.isDigit(b) { bytes = bytes.dropFirst(); digits += 1 }
        }
        guard digits > 0 else { return false }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            var exponent = 0
            while let b = bytes.first, Byte.isDigit(b) { bytes = bytes.dropFirst(); exponent += 1 }
            guard exponent > 0 else { return false }
        }
        return bytes.isEmpty
    }
}

extension String {
    /// Without spaces and tabs at either end.
    var trimmingSpaces: String {
        let bytes = Array(utf8)
        var low = 0, high = bytes.count
        while low < high, Byte.isSpace(bytes[low]) { low += 1 }
        while high > low, Byte.isSpace(bytes[high - 1]) { high -= 1 }
        return String(decoding: bytes[low..<high], as: UTF8.self)
    }
}
