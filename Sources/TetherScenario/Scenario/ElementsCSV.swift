import TetherJSON
import TetherLayout
import TetherPhysics

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
        guard let header = cursor.line, cursor.holds(header, CSVFrameWriter.headerLine) else {
            throw .row(line: 1, message: "expected a JSON array of elements, or Tether's CSV starting with the header \(CSVFrameWriter.headerLine)")
        }
        cursor.advance()
        try checkCount(cursor, frame: wanted)
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
            guard let rowFrame = cursor.integer(fields[0]), rowFrame >= 0 else { throw notA("a frame number", cursor, fields, 0, line: line) }
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

    /// Refuses a frame of more than `ScenarioLimits.maxElements` elements at the first row past
    /// the limit, before any row is decoded: counting needs only each row's frame and kind, so
    /// an oversized file fails in a fraction of the time reading it would take. A malformed row
    /// ends the count, and reading then stops at that row, so no more are ever read.
    static func checkCount(_ start: CSVLineCursor, frame wanted: Int?) throws(Failure) {
        var cursor = start
        var frame = wanted
        var count = 0
        var fields: [Range<Int>] = []
        while cursor.fields(into: &fields) {
            guard fields.count == CSVFrameWriter.columns.count, let rowFrame = cursor.integer(fields[0]) else { return }
            if frame == nil { frame = rowFrame }
            if rowFrame == frame, cursor.kind(fields[4]) != .viewport {
                count += 1
                if count > ScenarioLimits.maxElements { throw tooMany(frame: rowFrame, line: cursor.lineNumber) }
            }
            cursor.advance()
        }
    }

    private static func tooMany(frame: Int, line: Int) -> Failure {
        .row(line: line, message: "frame \(frame) has more than \(ScenarioLimits.maxElements) elements, the limit of a custom layout")
    }

    /// One row as an element.
    private static func element(_ cursor: CSVLineCursor, _ fields: [Range<Int>], line: Int) throws(Failure) -> LayoutAttributes {
        let kind: ElementKind
        if let known = cursor.kind(fields[4]).flatMap({ ElementKind(rawValue: $0.rawValue) }) {
            kind = known
        } else {
            // Not an element kind (a world scene's `item`, or garbage): the words an inline `kind` gets.
            try check(.string(String(decoding: cursor.bytes[fields[4]], as: UTF8.self)), column: 4, line: line)
            throw .row(line: line, message: "\(paths[4]): \(MessageText.quoted(bytes: cursor.bytes[fields[4]])) is not an element kind")
        }
        let section = try integer(cursor, fields, 2, line: line)
        let item = try integer(cursor, fields, 3, line: line)
        let center = Vec2(try number(cursor, fields, 5, line: line), try number(cursor, fields, 6, line: line))
        let size = Size(width: try number(cursor, fields, 7, line: line), height: try number(cursor, fields, 8, line: line))
        let element = LayoutAttributes(
            key: ElementKey(section: section, kind: kind, item: item), frame: Rect(center: center, size: size),
            angle: try number(cursor, fields, 9, line: line), alpha: try number(cursor, fields, 10, line: line),
            zIndex: try integer(cursor, fields, 11, line: line))
        if let message = CustomLayoutDecoder.cellSizeProblem(element) { throw .row(line: line, message: message) }
        return element
    }

    /// Each column's name as a path, for messages ("width: -3 is out of range: …").
    private static let paths = CSVFrameWriter.columns.map { JSONPath.root.appending($0) }

    /// The format each read column is checked against: the inline element's key for the same
    /// value (a center is checked as a position, like a frame's origin).
    private static let formats: [ValueFormat?] = {
        let element = LayoutFormats.elementKeys, frame = LayoutFormats.elementFrameKeys
        return [
            nil, nil, element[.section].format, element[.item].format, element[.kind].format,
            frame[.x].format, frame[.y].format, frame[.width].format, frame[.height].format,
            element[.angle].format, element[.alpha].format, element[.zIndex].format,
        ]
    }()

    private static func check(_ value: JSONValue, column: Int, line: Int) throws(Failure) {
        do {
            try formats[column]!.check(value, at: paths[column])
        } catch {
            throw .row(line: line, message: error.description)
        }
    }

    private static func number(_ cursor: CSVLineCursor, _ fields: [Range<Int>], _ column: Int, line: Int) throws(Failure) -> Double {
        guard let value = cursor.number(fields[column]) else { throw notA("a finite number", cursor, fields, column, line: line) }
        try check(.number(value), column: column, line: line)
        return value
    }

    private static func integer(_ cursor: CSVLineCursor, _ fields: [Range<Int>], _ column: Int, line: Int) throws(Failure) -> Int {
        guard let value = cursor.integer(fields[column]) else { throw notA("an integer", cursor, fields, column, line: line) }
        try check(.number(Double(value)), column: column, line: line)
        return value
    }

    private static func notA(_ expected: String, _ cursor: CSVLineCursor, _ fields: [Range<Int>], _ column: Int, line: Int) -> Failure {
        .row(line: line, message: "\(paths[column]): expected \(expected), found \(MessageText.quoted(bytes: cursor.bytes[fields[column]]))")
    }
}
