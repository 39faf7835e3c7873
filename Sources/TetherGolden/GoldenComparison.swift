import TetherJSON
import TetherScenario

/// One place where the actual output departs from the golden.
public struct GoldenDifference: Sendable, Hashable {
    /// -1 when the line is too malformed to have a frame number.
    public var frame: Int
    /// "cell 0.12" (kind section.item), "viewport", or "?" for a malformed line.
    public var element: String
    /// A CSV column name; "row" for a missing or extra row (texts "present"/"missing");
    /// "malformed golden line" / "malformed actual line" for lines that do not parse.
    public var column: String
    /// Texts as they are in the files.
    public var expected: String
    public var actual: String
    /// 1-based line in the golden; for a row only in the actual output, the golden line it
    /// would have come before.
    public var line: Int

    public init(frame: Int, element: String, column: String, expected: String, actual: String, line: Int) {
        self.frame = frame
        self.element = element
        self.column = column
        self.expected = expected
        self.actual = actual
        self.line = line
    }
}

/// The result of comparing an actual CSV to its golden.
///
/// Rows are matched by (frame, section, kind, item). Both files come sorted the same way
/// from the CSV writer, so one linear merge pass finds everything: memory stays at the two
/// inputs plus a line, whatever the length. Malformed lines (wrong column count, garbage)
/// are differences too, never crashes.
public struct GoldenComparison: Sendable {
    public var isMatch: Bool {
        headerMismatch == nil && differingRows == 0 && missingRows == 0 && extraRows == 0
            && malformedLines == 0
    }
    /// The first difference in file order.
    public var first: GoldenDifference?
    /// Rows in both files whose values differ beyond the tolerance.
    public var differingRows = 0
    /// Rows only in the golden.
    public var missingRows = 0
    /// Rows only in the actual output.
    public var extraRows = 0
    /// Lines in either file that are not rows of the CSV format (not counted as rows).
    public var malformedLines = 0
    /// The largest |expected − actual| over the numeric columns of differing rows.
    public var maxAbsoluteDifference = 0.0
    /// Differing values with a size (both sides finite numbers), which `maxAbsoluteDifference` covers.
    public var numericDifferences = 0
    /// Differing values of numeric columns where a side is not a finite number (`nan`, `inf`,
    /// text): they have no size, so the report counts them apart.
    public var nonNumericDifferences = 0
    /// Set when the header lines differ: both lines, for the report.
    public var headerMismatch: String?
    /// The tolerance the comparison used (0: text-exact).
    public var tolerance: Double

    init(tolerance: Double) {
        self.tolerance = tolerance
    }

    /// Compares CSV bytes. With `tolerance` 0 numbers must match as text; otherwise numeric
    /// columns match when `|expected − actual| ≤ tolerance`. Key columns always match exactly.
    public static func compare(expected: [UInt8], actual: [UInt8], tolerance: Double = 0) -> GoldenComparison {
        var merge = GoldenMerge(expected: expected, actual: actual, tolerance: tolerance)
        merge.run()
        return merge.result
    }

    public static func compare(expected: String, actual: String, tolerance: Double = 0) -> GoldenComparison {
        compare(expected: Array(expected.utf8), actual: Array(actual.utf8), tolerance: tolerance)
    }
}

/// The merge pass behind `GoldenComparison.compare`.
struct GoldenMerge {
    /// Columns compared as values (the rest form the key).
    static let valueColumns = [1, 5, 6, 7, 8, 9, 10, 11]

    var expected: CSVLineCursor
    var actual: CSVLineCursor
    var result: GoldenComparison
    private var expectedFields: [Range<Int>] = []
    private var actualFields: [Range<Int>] = []

    init(expected: [UInt8], actual: [UInt8], tolerance: Double) {
        self.expected = CSVLineCursor(expected)
        self.actual = CSVLineCursor(actual)
        result = GoldenComparison(tolerance: tolerance)
        expectedFields.reserveCapacity(16)
        actualFields.reserveCapacity(16)
    }

    mutating func run() {
        compareHeaders()
        while true {
            let expectedKey = currentKey(expected: true)
            let actualKey = currentKey(expected: false)
            switch (expectedKey, actualKey) {
            case (nil, nil):
                return
            case (let e?, nil):
                missing(e)
            case (nil, let a?):
                extra(a)
            case (let e?, let a?):
                if e == a {
                    compareValues(e)
                    expected.advance()
                    actual.advance()
                } else if e < a {
                    missing(e)
                } else {
                    extra(a)
                }
            }
        }
    }

    private mutating func compareHeaders() {
        let same = switch (expected.line, actual.line) {
        case (nil, nil): true
        case let (e?, a?): expected.same(e, as: actual, a)
        default: false
        }
        if !same {
            let e = expected.line.map { MessageText.quoted(bytes: expected.bytes[$0]) } ?? "an empty file"
            let a = actual.line.map { MessageText.quoted(bytes: actual.bytes[$0]) } ?? "an empty file"
            result.headerMismatch = "expected \(e), actual \(a)"
        }
        expected.advance()
        actual.advance()
    }

    /// The key of one side's current line, skipping (and reporting) malformed lines;
    /// nil at the end of that file. Leaves the line split in that side's fields.
    private mutating func currentKey(expected isExpected: Bool) -> GoldenRowKey? {
        while true {
            let key: GoldenRowKey?
            if isExpected {
                guard expected.fields(into: &expectedFields) else { return nil }
                key = GoldenRowKey(fields: expectedFields, in: expected)
            } else {
                guard actual.fields(into: &actualFields) else { return nil }
                key = GoldenRowKey(fields: actualFields, in: actual)
            }
            if let key { return key }
            malformed(isExpected: isExpected)
        }
    }

    private mutating func malformed(isExpected: Bool) {
        result.malformedLines += 1
        let fields = isExpected ? expectedFields : actualFields
        let cursor = isExpected ? expected : actual
        let other = isExpected ? actual : expected
        let text = cursor.text(cursor.line!)
        let otherText = other.line.map { other.text($0) } ?? "end of file"
        record(GoldenDifference(
            frame: cursor.integer(fields[0]) ?? -1, element: "?",
            column: isExpected ? "malformed golden line" : "malformed actual line",
            expected: isExpected ? text : otherText, actual: isExpected ? otherText : text,
            line: expected.lineNumber))
        if isExpected { expected.advance() } else { actual.advance() }
    }

    private mutating func missing(_ key: GoldenRowKey) {
        result.missingRows += 1
        record(GoldenDifference(
            frame: key.frame, element: key.element, column: "row",
            expected: "present", actual: "missing", line: expected.lineNumber))
        expected.advance()
    }

    private mutating func extra(_ key: GoldenRowKey) {
        result.extraRows += 1
        record(GoldenDifference(
            frame: key.frame, element: key.element, column: "row",
            expected: "missing", actual: "present", line: expected.lineNumber))
        actual.advance()
    }

    /// Compares the value columns of two rows with the same key.
    private mutating func compareValues(_ key: GoldenRowKey) {
        let e = expected.line!
        let a = actual.line!
        if expected.same(e, as: actual, a) { return }
        var differs = false
        for column in Self.valueColumns {
            let eText = expectedFields[column]
            let aText = actualFields[column]
            if expected.same(eText, as: actual, aText) { continue }
            let delta: Double?
            if let x = expected.number(eText), let y = actual.number(aText) {
                delta = (x - y).magnitude
            } else {
                delta = nil
            }
            if let delta, result.tolerance > 0, delta <= result.tolerance { continue }
            if let delta {
                result.maxAbsoluteDifference = max(result.maxAbsoluteDifference, delta)
                result.numericDifferences += 1
            } else {
                result.nonNumericDifferences += 1
            }
            if !differs {
                differs = true
                record(GoldenDifference(
                    frame: key.frame, element: key.element, column: CSVFrameWriter.columns[column],
                    expected: expected.text(eText), actual: actual.text(aText), line: expected.lineNumber))
            }
        }
        if differs { result.differingRows += 1 }
    }

    private mutating func record(_ difference: GoldenDifference) {
        if result.first == nil { result.first = difference }
    }
}
