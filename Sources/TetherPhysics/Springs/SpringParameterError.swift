/// Why a set of spring parameters does not describe a usable spring.
///
/// Every initializer of ``SpringParameters`` throws one of these; ``description`` is a single
/// human-readable sentence naming the parameter, the rule and the offending value, e.g.
/// "bounce must be greater than -1 and at most 1 (got -1)".
public enum SpringParameterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The value is NaN or infinite.
    case notFinite(parameter: String, value: Double)
    /// The value must be greater than 0 (mass, stiffness, frequency, response, duration, …).
    case notPositive(parameter: String, value: Double)
    /// The value must be 0 or more (damping, damping ratio, friction, …).
    case negative(parameter: String, value: Double)
    /// The value must lie in a range, described in words ("greater than -1 and at most 1").
    case outOfRange(parameter: String, value: Double, range: String)
    /// Each input is a number, but together they convert to a spring with a non-positive stiffness
    /// or a negative damping (for example an Origami tension below −23.59).
    case unphysical(String)

    public var description: String {
        switch self {
        case .notFinite(let parameter, let value):
            "\(parameter) must be a finite number (got \(SpringNumberText.compact(value)))"
        case .notPositive(let parameter, let value):
            "\(parameter) must be greater than 0 (got \(SpringNumberText.compact(value)))"
        case .negative(let parameter, let value):
            "\(parameter) must be 0 or more (got \(SpringNumberText.compact(value)))"
        case .outOfRange(let parameter, let value, let range):
            "\(parameter) must be \(range) (got \(SpringNumberText.compact(value)))"
        case .unphysical(let text):
            text
        }
    }
}

/// Checks shared by the initializers.
enum SpringCheck {
    static func finite(_ value: Double, _ parameter: String) throws(SpringParameterError) {
        guard value.isFinite else { throw .notFinite(parameter: parameter, value: value) }
    }

    static func positive(_ value: Double, _ parameter: String) throws(SpringParameterError) {
        try finite(value, parameter)
        guard value > 0 else { throw .notPositive(parameter: parameter, value: value) }
    }

    static func nonNegative(_ value: Double, _ parameter: String) throws(SpringParameterError) {
        try finite(value, parameter)
        guard value >= 0 else { throw .negative(parameter: parameter, value: value) }
    }
}

/// Numbers in error messages: integral values without ".0", others in Swift's shortest
/// round-trip form (the same text on every platform).
enum SpringNumberText {
    static func compact(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        if value == value.rounded(.towardZero), abs(value) < 9_007_199_254_740_992 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    /// A derived value for a message: at most 6 decimals, trailing zeros dropped ("-23.2", not
    /// "-23.200000000000017"); huge or non-finite values as ``compact(_:)``.
    static func rounded(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return compact(value) }
        let scaled = (abs(value) * 1_000_000).rounded()
        if scaled == 0 { return "0" }
        let whole = Int64(scaled) / 1_000_000
        var fraction = String(Int64(scaled) % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        return (value < 0 ? "-" : "") + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }
}
