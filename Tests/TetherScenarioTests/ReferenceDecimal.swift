/// The writers' number text, spelled out the slow and obvious way so tests can hold the fast
/// formatter (`FixedDecimal`) to it:
/// - `x × 10^d` is one double-precision multiplication (10^d is exact for d ≤ 22); while that
///   product is at most 9·10^15 it is rounded half away from zero (`rounded(.toNearestOrAwayFromZero)`,
///   an exact operation) and its digits are printed with the point d places from the right;
/// - otherwise (huge values, or d > 22) the exact binary value of x is expanded digit by digit
///   and rounded half away from zero at d decimals;
/// - a result of zero has no minus sign; non-finite values print as `nan`, `inf`, `-inf`.
enum ReferenceDecimal {
    static func text(_ x: Double, decimals d: Int) -> String {
        if x.isNaN { return "nan" }
        if x.isInfinite { return x < 0 ? "-inf" : "inf" }
        if d <= 22 {
            let product = x * pow10(d)
            if product.magnitude <= 9e15 {
                let r = product.rounded(.toNearestOrAwayFromZero)
                return place(digits: digits(of: UInt64(r.magnitude)), decimals: d, negative: r < 0)
            }
        }
        return exact(x, decimals: d)
    }

    /// Decimal digits of n, most significant first, by repeated division.
    static func digits(of n: UInt64) -> String {
        var n = n
        var reversed: [UInt8] = []
        repeat {
            reversed.append(UInt8(n % 10) + 48)
            n /= 10
        } while n > 0
        return String(decoding: reversed.reversed(), as: UTF8.self)
    }

    static func pow10(_ d: Int) -> Double {
        var p = 1.0
        for _ in 0..<d { p *= 10 }
        return p
    }

    /// Plain integer digits with the point put `decimals` places from the right (zeros added
    /// in front as needed, so at least one digit stands before the point).
    static func place(digits: String, decimals: Int, negative: Bool) -> String {
        let padded = String(repeating: "0", count: max(0, decimals + 1 - digits.count)) + digits
        let integer = padded.dropLast(decimals)
        let fraction = padded.suffix(decimals)
        return (negative ? "-" : "") + integer + (decimals > 0 ? "." + fraction : "")
    }

    /// The exact decimal expansion of x (m·2^e as digits, one per element, by schoolbook
    /// multiplication by powers of 2 or 5), rounded half away from zero at `decimals` places.
    static func exact(_ x: Double, decimals: Int) -> String {
        let magnitude = x.magnitude
        var m = magnitude.significandBitPattern
        var e = Int(magnitude.exponentBitPattern) - 1075
        if magnitude.exponentBitPattern == 0 { e = -1074 } else { m |= 1 << 52 }
        var digits = String(m).utf8.map { Int($0) - 48 }  // most significant first
        var fractionDigits = 0
        if e >= 0 {
            for step in stride(from: 0, to: e, by: 16) { multiply(&digits, by: 1 << min(16, e - step)) }
        } else {
            // m / 2^k = m·5^k / 10^k
            for step in stride(from: 0, to: -e, by: 8) { multiply(&digits, by: pow5(min(8, -e - step))) }
            fractionDigits = -e
        }
        while digits.count <= fractionDigits { digits.insert(0, at: 0) }
        // Keep `decimals` fraction digits; the next digit decides (≥ 5: up, on the magnitude).
        let keep = digits.count - fractionDigits + decimals
        var kept = Array(digits.prefix(keep))
        kept += Array(repeating: 0, count: max(0, keep - kept.count))
        if keep < digits.count && digits[keep] >= 5 {
            var i = kept.count - 1
            while i >= 0 && kept[i] == 9 { kept[i] = 0; i -= 1 }
            if i >= 0 { kept[i] += 1 } else { kept.insert(1, at: 0) }
        }
        while kept.count > decimals + 1 && kept[0] == 0 { kept.removeFirst() }
        let text = String(kept.map { Character(String($0)) })
        let isZero = kept.allSatisfy { $0 == 0 }
        return place(digits: text, decimals: decimals, negative: x < 0 && !isZero)
    }

    private static func pow5(_ n: Int) -> Int { (0..<n).reduce(1) { p, _ in p * 5 } }

    private static func multiply(_ digits: inout [Int], by factor: Int) {
        var carry = 0
        for i in digits.indices.reversed() {
            let v = digits[i] * factor + carry
            digits[i] = v % 10
            carry = v / 10
        }
        while carry > 0 {
            digits.insert(carry % 10, at: 0)
            carry /= 10
        }
    }
}
