import TetherJSON
import TetherScenario

/// One `--vary PATH=LOW:HIGH` of `tether fit`: a numeric scenario value searched within a closed
/// range. The search works in box coordinates u ∈ [0, 1] (value = LOW + u·(HIGH − LOW)), so
/// parameters of different sizes (a damping ratio near 1, a frequency of a few Hz, a resistance
/// of hundreds) take equal steps.
public struct FitParameter: Sendable, Hashable {
    public var path: JSONPath
    public var low: Double
    public var high: Double

    public init(path: JSONPath, low: Double, high: Double) throws(SweepSpecError) {
        guard low.isFinite, high.isFinite else { throw SweepSpecError("\(path): the bounds must be finite numbers") }
        guard low < high else {
            throw SweepSpecError("\(path): LOW \(Self.number(low)) must be less than HIGH \(Self.number(high))")
        }
        self.path = path
        self.low = low
        self.high = high
    }

    /// `PATH=LOW:HIGH`, e.g. `dynamics.spring.damping=0.1:1`.
    public init(parsing text: String) throws(SweepSpecError) {
        guard let equals = text.firstIndex(of: "=") else {
            throw SweepSpecError("expected PATH=LOW:HIGH, e.g. dynamics.spring.damping=0.1:1")
        }
        let pathText = String(text[..<equals])
        let parsedPath: JSONPath
        do {
            parsedPath = try JSONPath(parsing: pathText)
        } catch {
            throw SweepSpecError("\"\(pathText)\" is not a valid path")
        }
        guard !parsedPath.isRoot else { throw SweepSpecError("cannot vary the whole scenario ($)") }
        let parts = String(text[text.index(after: equals)...]).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw SweepSpecError("\(pathText): expected LOW:HIGH (two numbers separated by ':'), e.g. 0.1:1")
        }
        func number(_ part: Substring, _ role: String) throws(SweepSpecError) -> Double {
            guard let value = Double(String(part).trimmingSpaces), value.isFinite else {
                throw SweepSpecError("\(pathText): \(role) \"\(String(part).trimmingSpaces)\" is not a finite number")
            }
            return value
        }
        try self.init(path: parsedPath, low: try number(parts[0], "LOW"), high: try number(parts[1], "HIGH"))
    }

    /// The path as people write it: the name in the output.
    public var name: String { path.description }

    /// The value at box coordinate `u` (clamped to [0, 1]); exactly LOW at 0 and HIGH at 1.
    public func value(at u: Double) -> Double {
        let t = min(1, max(0, u))
        if t == 1 { return high }
        return low + t * (high - low)
    }

    /// The box coordinate of `value`.
    public func coordinate(of value: Double) -> Double { (value - low) / (high - low) }

    /// Decimals that print a value of this range to 1/100 000 of its width or finer (at most
    /// 12), so that the printed value replays within the search's own resolution.
    public var decimals: Int {
        var places = 0
        var unit = 1.0
        while unit > (high - low) * 1e-5 && places < 12 {
            unit /= 10
            places += 1
        }
        return places
    }

    /// `value` rounded to `decimals`, as printed.
    public func rounded(_ value: Double) -> Double {
        Double(FixedText.format(value, decimals: decimals)) ?? value
    }

    /// The printed form of a value: `decimals` decimals, trailing zeros dropped.
    public func text(_ value: Double) -> String { Self.trimmed(FixedText.format(value, decimals: decimals)) }

    /// The override that sets this parameter to `value`.
    public func override(_ value: Double) -> ScenarioOverride {
        ScenarioOverride(path: path, value: .number(value))
    }

    /// A number as JSON writes it, shortest form: "0.1", "200", "1e-05".
    public static func number(_ value: Double) -> String { JSONValue.number(value).serialized() }

    /// "1.2500" → "1.25", "3.000" → "3".
    static func trimmed(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var result = text
        while result.hasSuffix("0") { result.removeLast() }
        if result.hasSuffix(".") { result.removeLast() }
        return result
    }
}
