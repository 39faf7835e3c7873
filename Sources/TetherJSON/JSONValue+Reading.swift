/// Typed accessors that turn a wrong type or value into a `ValidationError` at the given path,
/// so decoding code reads as a list of expectations instead of a ladder of `guard case`s.
extension JSONValue {
    public func number(at path: JSONPath) throws(ValidationError) -> Double {
        guard case .number(let value) = self else { throw mismatch("a number", at: path) }
        return value
    }

    /// A number inside `range`; an infinite bound reads as "at least" / "at most".
    public func number(at path: JSONPath, in range: ClosedRange<Double>) throws(ValidationError) -> Double {
        let value = try number(at: path)
        guard range.contains(value) else {
            throw ValidationError(path, "\(JSONNumberFormat.compact(value)) is out of range: \(JSONValue.describe(range))")
        }
        return value
    }

    /// A number in (0, max]: sizes, durations, stiffnesses.
    public func positiveNumber(at path: JSONPath, max: Double) throws(ValidationError) -> Double {
        let value = try number(at: path)
        if !(value > 0) {
            throw ValidationError(path, "\(JSONNumberFormat.compact(value)) is out of range: must be greater than 0")
        }
        if value > max {
            throw ValidationError(path, "\(JSONNumberFormat.compact(value)) is out of range: must be at most \(JSONNumberFormat.compact(max))")
        }
        return value
    }

    /// An integral number inside `range`; "2.5" is rejected rather than rounded.
    public func integer(at path: JSONPath, in range: ClosedRange<Int>) throws(ValidationError) -> Int {
        guard case .number(let value) = self else { throw mismatch("an integer", at: path) }
        guard value.rounded(.towardZero) == value else {
            throw ValidationError(path, "expected an integer, found \(JSONNumberFormat.compact(value))")
        }
        // 2^63 is exactly representable; anything at or beyond it would trap in Int(_:).
        let limit = 9_223_372_036_854_775_808.0
        guard value >= -limit, value < limit, range.contains(Int(value)) else {
            throw ValidationError(path, "\(JSONNumberFormat.compact(value)) is out of range: must be from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(value)
    }

    public func string(at path: JSONPath) throws(ValidationError) -> String {
        guard case .string(let value) = self else { throw mismatch("a string", at: path) }
        return value
    }

    public func bool(at path: JSONPath) throws(ValidationError) -> Bool {
        guard case .bool(let value) = self else { throw mismatch("a boolean", at: path) }
        return value
    }

    public func array(at path: JSONPath) throws(ValidationError) -> [JSONValue] {
        guard case .array(let value) = self else { throw mismatch("an array", at: path) }
        return value
    }

    public func object(at path: JSONPath) throws(ValidationError) -> JSONObject {
        guard case .object(let value) = self else { throw mismatch("an object", at: path) }
        return value
    }

    /// A string naming one of a fixed set of choices, with a suggestion for near misses.
    public func oneOf(_ options: [String], at path: JSONPath) throws(ValidationError) -> String {
        let value = try string(at: path)
        guard options.contains(value) else {
            let hint = DidYouMean.hint(for: value, among: options)
            throw ValidationError(path, "unknown value \(MessageText.quoted(value)); expected one of \(options.joined(separator: ", "))\(hint)")
        }
        return value
    }

    private func mismatch(_ expected: String, at path: JSONPath) -> ValidationError {
        ValidationError(path, "expected \(expected), found \(typeName)")
    }

    private static func describe(_ range: ClosedRange<Double>) -> String {
        switch (range.lowerBound.isFinite, range.upperBound.isFinite) {
        case (false, true): "must be at most \(JSONNumberFormat.compact(range.upperBound))"
        case (true, false): "must be at least \(JSONNumberFormat.compact(range.lowerBound))"
        default: "must be from \(JSONNumberFormat.compact(range.lowerBound)) to \(JSONNumberFormat.compact(range.upperBound))"
        }
    }
}
