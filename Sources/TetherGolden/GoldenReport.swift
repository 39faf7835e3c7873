import TetherScenario

/// A readable account of a golden comparison, in the spirit of swift-snapshot-testing:
/// what failed, where it first went wrong, and how much is wrong overall.
///
///     scenario spring does not match golden/spring.csv
///     first difference: frame 83, cell 0.12, center_y: expected 412.300, actual 415.500 (line 5012)
///     37 rows differ, 0 missing, 0 extra; largest difference 3.2
public func describe(_ c: GoldenComparison, scenario: String, goldenPath: String) -> String {
    if c.isMatch { return "scenario \(scenario) matches \(goldenPath)" }
    var lines = ["scenario \(scenario) does not match \(goldenPath)"]
    if let header = c.headerMismatch {
        lines.append("header differs: \(header)")
    }
    if let d = c.first {
        lines.append("first difference: " + describe(d))
    }
    var counts = "\(c.differingRows) \(c.differingRows == 1 ? "row differs" : "rows differ"), "
        + "\(c.missingRows) missing, \(c.extraRows) extra"
    if c.malformedLines > 0 {
        counts += ", \(c.malformedLines) malformed \(c.malformedLines == 1 ? "line" : "lines")"
    }
    if c.numericDifferences > 0 {
        counts += "; largest difference \(shortNumber(c.maxAbsoluteDifference))"
    }
    if c.nonNumericDifferences > 0 {
        let n = c.nonNumericDifferences
        counts += "; \(n) \(n == 1 ? "value is" : "values are") not a number on one side (no size)"
    }
    if c.tolerance > 0 {
        counts += " (tolerance \(shortNumber(c.tolerance)))"
    }
    lines.append(counts)
    return lines.joined(separator: "\n")
}

/// What `check --record` says of one golden after its path: "(new)", "(unchanged)", or what
/// the golden it replaced held: "(was: 3 rows differ, largest difference 0.004)".
public func describe(_ outcome: GoldenCheck.RecordOutcome) -> String {
    switch outcome {
    case .created: return "(new)"
    case .unchanged: return "(unchanged)"
    case .updated(let c):
        var parts = ["\(c.differingRows) \(c.differingRows == 1 ? "row differs" : "rows differ")"]
        if c.missingRows > 0 { parts.append("\(c.missingRows) removed") }
        if c.extraRows > 0 { parts.append("\(c.extraRows) added") }
        if c.malformedLines > 0 { parts.append("\(c.malformedLines) malformed \(c.malformedLines == 1 ? "line" : "lines")") }
        if c.headerMismatch != nil { parts.append("another header") }
        if c.numericDifferences > 0 { parts.append("largest difference \(shortNumber(c.maxAbsoluteDifference))") }
        if c.nonNumericDifferences > 0 {
            let n = c.nonNumericDifferences
            parts.append("\(n) \(n == 1 ? "value" : "values") not a number on one side")
        }
        return "(was: " + parts.joined(separator: ", ") + ")"
    }
}

/// One difference on one line.
private func describe(_ d: GoldenDifference) -> String {
    switch d.column {
    case "malformed golden line":
        return "malformed golden line \(d.line): \"\(d.expected)\" (actual: \"\(d.actual)\")"
    case "malformed actual line":
        return "malformed actual line (at golden line \(d.line)): \"\(d.actual)\" (golden: \"\(d.expected)\")"
    default:
        return "frame \(d.frame), \(d.element), \(d.column): expected \(d.expected), actual \(d.actual) (line \(d.line))"
    }
}

/// At most 6 decimals without trailing zeros: subtraction noise like 3.1999999999999886
/// reads as 3.2, as it does in the files.
func shortNumber(_ value: Double) -> String {
    guard value.isFinite else { return "\(value)" }
    var buffer: [UInt8] = []
    FixedDecimal.append(value, decimals: 6, to: &buffer)
    while buffer.last == UInt8(ascii: "0") { buffer.removeLast() }
    if buffer.last == UInt8(ascii: ".") { buffer.removeLast() }
    return String(decoding: buffer, as: UTF8.self)
}
