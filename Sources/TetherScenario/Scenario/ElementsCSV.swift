import TetherLayout

/// Reads the elements of one frame from CSV in Tether's output format (the header exactly as
/// `tether run` prints it). `viewport` rows are skipped; each other row of the frame becomes an
/// element whose frame is centered on `center_x`, `center_y` with `width` × `height`, turned by
/// `angle`, with its `alpha` and `z_index`. `time` is not read. Every value is checked as the same
/// key of an inline element would be, and named by its column.
enum ElementsCSV {
    /// The elements of the frame, in file order, with the line each came from.
    struct Rows {
        var elements: [LayoutAttributes] = []
        var lines: [Int] = []
    }

    enum Failure: Error {
        /// A row (or the header) that cannot be read.
        case row(line: Int, message: String)
        /// The frame asked for is not in the file.
        case noSuchFrame(String)
    }

    /// Rows of frame `frame`, or of the file's first frame when nil.
    static func read(_ bytes: [UInt8], frame wanted: Int?) throws(Failure) -> Rows {
        var cursor = CSVLineCursor(bytes)
        guard let header = cursor.line, cursor.text(header, limit: 200) == CSVFrameWriter.headerLine else {
            throw .row(line: 1, message: "expected a JSON array of elements, or Tether's CSV starting with the header \(CSVFrameWriter.headerLine)")
        }
        cursor.advance()
        var rows = Rows()
        var frame = wanted
        var frames: ClosedRange<Int>?
        var seen = false
        var fields: [Range<Int>] = []
        while cursor.fields(into: &fields) {
            let line = cursor.lineNumber
            guard fields.count == CSVFrameWriter.columns.count else {
                throw .row(line: line, message: "expected \(CSVFrameWriter.columns.count) columns, found \(fields.count)")
            }
            let rowFrame = try integer(cursor, fields[0], column: 0, line: line, in: 0...Int(Int32.max))
            frames = frames.map { min($0.lowerBound, rowFrame)...max($0.upperBound, rowFrame) } ?? rowFrame...rowFrame
            if frame == nil { frame = rowFrame }
            if rowFrame == frame { seen = true }
            if rowFrame == frame, cursor.kind(fields[4]) != .viewport {
                rows.elements.append(try element(cursor, fields, line: line))
                rows.lines.append(line)
            }
            cursor.advance()
        }
        guard let frames, let frame else { throw .row(line: cursor.lineNumber, message: "no rows after the header") }
        guard seen else {
            throw .noSuchFrame("has no frame \(frame); its frames run from \(frames.lowerBound) to \(frames.upperBound)")
        }
        return rows
    }

    /// One row as an element.
    private static func element(_ cursor: CSVLineCursor, _ fields: [Range<Int>], line: Int) throws(Failure) -> LayoutAttributes {
        guard let kind = cursor.kind(fields[4]).flatMap({ ElementKind(rawValue: $0.rawValue) }) else {
            throw .row(line: line, message: unknownKindMessage(cursor.text(fields[4])))
        }
        let section = try integer(cursor, fields[2], column: 2, line: line, in: CustomLayoutDecoder.sectionRange)
        let item = try integer(cursor, fields[3], column: 3, line: line, in: CustomLayoutDecoder.itemRange)
        let center = Vec2(
            try number(cursor, fields[5], column: 5, line: line, in: CustomLayoutDecoder.positionRange),
            try number(cursor, fields[6], column: 6, line: line, in: CustomLayoutDecoder.positionRange))
        let size = Size(
            width: try number(cursor, fields[7], column: 7, line: line, in: CustomLayoutDecoder.lengthRange),
            height: try number(cursor, fields[8], column: 8, line: line, in: CustomLayoutDecoder.lengthRange))
        let angle = try number(cursor, fields[9], column: 9, line: line, in: CustomLayoutDecoder.angleRange)
        let alpha = try number(cursor, fields[10], column: 10, line: line, in: 0...1)
        let zIndex = try integer(cursor, fields[11], column: 11, line: line, in: CustomLayoutDecoder.zIndexRange)
        let element = LayoutAttributes(
            key: ElementKey(section: section, kind: kind, item: item), frame: Rect(center: center, size: size),
            angle: angle, alpha: alpha, zIndex: zIndex)
        if let message = CustomLayoutDecoder.cellSizeProblem(element) { throw .row(line: line, message: message) }
        return element
    }

    /// The column's name as the path in messages ("width: -3 is out of range: …"). Values in range
    /// return before any message is made.
    private static func path(_ column: Int) -> JSONPath { JSONPath.root.appending(CSVFrameWriter.columns[column]) }

    /// The words an unknown `kind` of an inline element gets (`viewport` rows never come here).
    private static func unknownKindMessage(_ text: String) -> String {
        do {
            _ = try JSONValue.string(text).oneOf(CustomLayoutDecoder.kinds, at: path(4))
            return "\(path(4)): \(JSONValue.quoted(text)) is not a kind of layout element"
        } catch {
            return error.description
        }
    }

    private static func number(
        _ cursor: CSVLineCursor, _ field: Range<Int>, column: Int, line: Int, in range: ClosedRange<Double>
    ) throws(Failure) -> Double {
        try checked(cursor.number(field), "a finite number", in: range, cursor, field, column: column, line: line) { v, p throws(ValidationError) in
            try JSONValue.number(v).number(at: p, in: range)
        }
    }

    private static func integer(
        _ cursor: CSVLineCursor, _ field: Range<Int>, column: Int, line: Int, in range: ClosedRange<Int>
    ) throws(Failure) -> Int {
        try checked(cursor.integer(field), "an integer", in: range, cursor, field, column: column, line: line) { v, p throws(ValidationError) in
            try JSONValue.number(Double(v)).integer(at: p, in: range)
        }
    }

    /// A parsed field (nil: not `expected`) inside `range`; outside it, the words the same key of
    /// an inline element gets, from `inlineCheck`.
    private static func checked<T: Comparable>(
        _ value: T?, _ expected: String, in range: ClosedRange<T>, _ cursor: CSVLineCursor, _ field: Range<Int>,
        column: Int, line: Int, inlineCheck: (T, JSONPath) throws(ValidationError) -> T
    ) throws(Failure) -> T {
        guard let value else {
            throw .row(line: line, message: "\(path(column)): expected \(expected), found \(JSONValue.quoted(cursor.text(field)))")
        }
        if range.contains(value) { return value }
        do {
            return try inlineCheck(value, path(column))
        } catch {
            throw .row(line: line, message: error.description)
        }
    }
}
