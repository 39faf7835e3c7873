/// The text code the tuning page stores its replays in: integers as base-64 digits, and
/// series of integers as second differences with runs of zeros collapsed.
///
/// **Digits.** The 64 characters `A–Z a–z 0–9 - _` stand for 0…63, all safe in JSON and HTML.
/// An unsigned integer is written low 5 bits first, one digit per 5 bits: a digit ≥ 32 carries
/// 5 bits (digit − 32) and says more follow; a digit < 32 carries the last 5 bits. A signed
/// integer is zigzagged first (0, −1, 1, −2… become 0, 1, 2, 3…).
///
/// **Series.** n values v₀…vₙ₋₁ become the stream v₀, v₁ − v₀, then the second differences
/// (vᵢ − vᵢ₋₁) − (vᵢ₋₁ − vᵢ₋₂). A zero in the stream, with the zeros right after it, is written
/// as the signed 0 then the unsigned count of zeros minus one; any other element as a signed
/// integer. A cell at rest, or moving at a steady speed, costs two digits for the whole run.
///
/// Positions go in as hundredths of a point, so a decoded value is exact to 0.005 pt.
public enum CompactSeries {
    static let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Appends an integer ≥ 0.
    public static func appendUnsigned(_ value: Int, to text: inout [UInt8]) {
        precondition(value >= 0, "appendUnsigned takes integers ≥ 0")
        appendDigits(UInt64(value), to: &text)
    }

    /// Appends any integer, zigzagged.
    public static func appendSigned(_ value: Int, to text: inout [UInt8]) {
        appendDigits(value >= 0 ? UInt64(value) << 1 : (UInt64(-(value + 1)) << 1) | 1, to: &text)
    }

    private static func appendDigits(_ value: UInt64, to text: inout [UInt8]) {
        var rest = value
        while rest >= 32 {
            text.append(digits[Int(32 + rest & 31)])
            rest >>= 5
        }
        text.append(digits[Int(rest)])
    }

    /// Appends a series of `values.count` integers (the reader knows the count).
    public static func appendSeries(_ values: [Int], to text: inout [UInt8]) {
        var stream: [Int] = []
        stream.reserveCapacity(values.count)
        for i in values.indices {
            switch i {
            case 0: stream.append(values[0])
            case 1: stream.append(values[1] - values[0])
            default: stream.append((values[i] - values[i - 1]) - (values[i - 1] - values[i - 2]))
            }
        }
        var i = 0
        while i < stream.count {
            if stream[i] == 0 {
                var end = i + 1
                while end < stream.count && stream[end] == 0 { end += 1 }
                appendSigned(0, to: &text)
                appendUnsigned(end - i - 1, to: &text)
                i = end
            } else {
                appendSigned(stream[i], to: &text)
                i += 1
            }
        }
    }

    /// `value` in hundredths, rounded half away from zero (what the page divides by 100).
    public static func hundredths(_ value: Double) -> Int {
        Int((value * 100).rounded())
    }
}
