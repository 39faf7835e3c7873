/// How numbers are written, both in serialized JSON and in error messages.
///
/// Integral values print without ".0" so that `"frames": 120` round-trips as written
/// and messages read "0 is out of range" rather than "0.0 is out of range".
public enum JSONNumberFormat {
    /// Beyond 2^53 not every integer is representable, so such values keep the
    /// shortest round-trip form (e.g. "1e+20") instead of pretending to be exact.
    public static let exactIntegerLimit = 9_007_199_254_740_992.0

    /// Shortest text that reads back as the same `Double`.
    public static func compact(_ value: Double) -> String {
        if value == 0 {
            return value.sign == .minus ? "-0" : "0"
        }
        if value.rounded(.towardZero) == value, abs(value) < exactIntegerLimit {
            return String(Int64(value))
        }
        return "\(value)"
    }
}
