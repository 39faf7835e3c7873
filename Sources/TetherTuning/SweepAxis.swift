import TetherJSON
import TetherScenario

/// A mistake in what a sweep was asked to do (`--vary`, `--metric`, `--target`, `--shard`…):
/// the command reports it as a usage error (exit 64).
public struct SweepSpecError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// One `--vary PATH=…`: a scenario path and the values it takes, in order.
///
/// `PATH=START:STOP:STEP` is an arithmetic range that includes STOP (within round-off):
/// value i is `START + i·STEP` (never accumulated), rounded to as many decimals as START, STOP
/// and STEP are written with, so `0.1:0.5:0.1` gives exactly the numbers 0.1, 0.2, 0.3, 0.4, 0.5
/// a person would type. STEP may be negative to count down, never 0.
/// `PATH=V1,V2,…` lists values, each read like a `--set` value (JSON if it parses as JSON,
/// else a string); commas and colons inside JSON brackets or quotes do not split.
/// A single value (`PATH=V`) is a one-value list.
public struct SweepAxis: Sendable, Hashable {
    public var path: JSONPath
    public var values: [JSONValue]

    /// The most values one axis may take.
    public static let maximumValues = 100_000

    public init(path: JSONPath, values: [JSONValue]) {
        precondition(!values.isEmpty, "an axis needs at least one value")
        self.path = path
        self.values = values
    }

    /// The path as people write it (`dynamics.spring.damping`): the column name.
    public var name: String { path.description }

    /// Each value as a CSV cell (see `label(_:)`).
    public var labels: [String] { values.map(Self.label) }

    public init(parsing text: String) throws(SweepSpecError) {
        guard let equals = text.firstIndex(of: "=") else {
            throw SweepSpecError(
                "expected PATH=START:STOP:STEP or PATH=V1,V2,…, e.g. dynamics.spring.damping=0.3:0.9:0.1")
        }
        let pathText = String(text[..<equals])
        let parsedPath: JSONPath
        do {
            parsedPath = try JSONPath(parsing: pathText)
        } catch {
            throw SweepSpecError("\(MessageText.quoted(pathText)) is not a valid path")
        }
        guard !parsedPath.isRoot else { throw SweepSpecError("cannot vary the whole scenario ($)") }
        let spec = String(text[text.index(after: equals)...])
        guard !spec.trimmingSpaces.isEmpty else { throw SweepSpecError("\(pathText): no values after '='") }

        let items = Self.splitTopLevel(spec, at: ",")
        var parsed: [JSONValue] = []
        if items.count == 1 {
            let parts = Self.splitTopLevel(spec, at: ":")
            if parts.count == 1 {
                parsed = [JSONValue.parseOverride(spec.trimmingSpaces)]
            } else if parts.count == 3 {
                do {
                    parsed = try Self.range(parts[0], parts[1], parts[2]).map { JSONValue.number($0) }
                } catch {
                    throw SweepSpecError("\(pathText): \(error.message)")
                }
            } else {
                throw SweepSpecError(
                    "\(pathText): \(MessageText.quoted(spec)) has \(parts.count) parts separated by ':'; expected START:STOP:STEP")
            }
        } else {
            for (position, item) in items.enumerated() {
                let trimmed = item.trimmingSpaces
                guard !trimmed.isEmpty else {
                    throw SweepSpecError("\(pathText): value \(position + 1) of the list is empty")
                }
                parsed.append(JSONValue.parseOverride(trimmed))
            }
            guard parsed.count <= Self.maximumValues else {
                throw SweepSpecError("\(pathText): more than \(Self.maximumValues) values")
            }
        }
        self.init(path: parsedPath, values: parsed)
    }

    /// The values of `START:STOP:STEP`: `START + i·STEP` for i = 0, 1, … while it does not pass
    /// STOP by more than 10⁻⁹ of a step, each rounded to the decimals the three numbers are
    /// written with (when that is 15 or fewer).
    public static func range(_ startText: String, _ stopText: String, _ stepText: String) throws(SweepSpecError) -> [Double] {
        func number(_ text: String, _ role: String) throws(SweepSpecError) -> Double {
            guard let value = Double(text.trimmingSpaces), value.isFinite else {
                throw SweepSpecError("\(role) \(MessageText.quoted(text.trimmingSpaces)) is not a finite number")
            }
            return value
        }
        let start = try number(startText, "START")
        let stop = try number(stopText, "STOP")
        let step = try number(stepText, "STEP")
        guard step != 0 else { throw SweepSpecError("STEP must not be 0") }
        let span = stop - start
        if span != 0 && (span > 0) != (step > 0) {
            let hint = step > 0 ? "use a negative STEP to count down" : "use a positive STEP to count up"
            throw SweepSpecError(
                "STEP \(stepText.trimmingSpaces) does not lead from \(startText.trimmingSpaces) to \(stopText.trimmingSpaces) (\(hint))")
        }
        // Bounds near ±1.8e308 overflow STOP − START; halving everything is exact and does not.
        let steps = (span.isFinite ? span / step : (stop / 2 - start / 2) / (step / 2)) + 1e-9
        guard steps.isFinite, steps < Double(maximumValues) else {
            throw SweepSpecError("the range has more than \(maximumValues) values")
        }
        let count = Int(steps.rounded(.down)) + 1
        let places = [startText, stopText, stepText].map { decimalPlaces($0.trimmingSpaces) }.max() ?? 0
        return (0..<count).map { i in
            var value = start + Double(i) * step
            // i·STEP alone may overflow where START + i·STEP does not: one fused rounding instead.
            if !value.isFinite { value = start.addingProduct(Double(i), step) }
            guard places <= 15 else { return value }
            return Double(FixedDecimal.text(value, decimals: places)) ?? value
        }
    }

    /// How many decimals a number is written with: "0.25" → 2, "1e-3" → 3, "2.5e1" → 0.
    static func decimalPlaces(_ text: String) -> Int {
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...]) ?? 0
        }
        var fraction = 0
        if let point = mantissa.firstIndex(of: ".") {
            fraction = mantissa.distance(from: mantissa.index(after: point), to: mantissa.endIndex)
        }
        return max(0, fraction - max(-10_000, min(10_000, exponent)))
    }

    /// A value as a CSV cell: a string that would not read back as JSON is written bare
    /// (`ash`), everything else as compact JSON (`0.5`, `true`, `"true"`, `[1,2]`).
    /// `JSONValue.parseOverride(label(v)) == v` for every value.
    public static func label(_ value: JSONValue) -> String {
        if case .string(let text) = value, JSONValue.parseOverride(text) == .string(text) { return text }
        return value.serialized()
    }

    /// Splits at `separator` where it is outside JSON strings and brackets.
    static func splitTopLevel(_ text: String, at separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        var escaped = false
        for character in text {
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if character == "[" || character == "{" {
                depth += 1
            } else if character == "]" || character == "}" {
                depth = max(0, depth - 1)
            } else if character == separator && depth == 0 {
                parts.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        parts.append(current)
        return parts
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
