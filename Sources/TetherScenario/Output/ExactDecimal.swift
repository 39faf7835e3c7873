import TetherJSON

/// The slow, exact path of `FixedDecimal` for magnitudes whose scaled value would not fit
/// the fast `Int64` path (above 9e15 after scaling).
///
/// Every finite `Double` is `m × 2^e` and so has a finite decimal expansion; this expands it
/// with a base-10⁹ big integer and rounds half away from zero on the decimal digits. No
/// exponent notation ever appears, so huge values still diff cleanly as plain digits.
enum ExactDecimal {
    static func append<Buffer: ByteAppendable & ~Copyable>(_ value: Double, decimals: Int, to buffer: inout Buffer) {
        let (digits, fractionDigits) = expand(value.magnitude)
        // digits: most significant first, the last `fractionDigits` of them after the point.
        var integerPart = Array(digits[..<(digits.count - fractionDigits)])
        var fraction = Array(digits[(digits.count - fractionDigits)...])
        if fraction.count > decimals {
            let roundUp = fraction[decimals] >= 5  // half away from zero on the magnitude
            fraction.removeSubrange(decimals...)
            if roundUp { increment(&integerPart, &fraction) }
        } else {
            fraction.append(contentsOf: repeatElement(0, count: decimals - fraction.count))
        }
        if let firstNonZero = integerPart.firstIndex(where: { $0 != 0 }) {
            integerPart.removeSubrange(..<firstNonZero)
        } else {
            integerPart = [0]
        }
        let isZero = integerPart == [0] && fraction.allSatisfy { $0 == 0 }
        if value < 0 && !isZero { buffer.append(UInt8(ascii: "-")) }
        buffer.append(contentsOf: integerPart.map { $0 + 0x30 })
        if decimals > 0 {
            buffer.append(UInt8(ascii: "."))
            buffer.append(contentsOf: fraction.map { $0 + 0x30 })
        }
    }

    /// Adds one unit in the last place of `integer.fraction`, carrying leftwards.
    private static func increment(_ integer: inout [UInt8], _ fraction: inout [UInt8]) {
        for i in fraction.indices.reversed() {
            if fraction[i] == 9 { fraction[i] = 0 } else { fraction[i] += 1; return }
        }
        for i in integer.indices.reversed() {
            if integer[i] == 9 { integer[i] = 0 } else { integer[i] += 1; return }
        }
        integer.insert(1, at: 0)
    }

    /// The exact decimal digits (values 0–9) of a finite non-negative double, and how many
    /// of them are after the point. At least one integer digit is returned.
    static func expand(_ magnitude: Double) -> (digits: [UInt8], fractionDigits: Int) {
        var significand = magnitude.significandBitPattern
        var exponent: Int
        if magnitude.exponentBitPattern == 0 {
            exponent = -1074  // subnormal (or zero)
        } else {
            significand |= 1 << 52
            exponent = Int(magnitude.exponentBitPattern) - 1075
        }
        var big = BigDecimalInteger(significand)
        var fractionDigits = 0
        if exponent >= 0 {
            while exponent > 0 {  // × 2^exponent, 32 bits at a time
                let step = min(exponent, 32)
                big.multiply(by: 1 << UInt64(step))
                exponent -= step
            }
        } else {
            // m / 2^k = m × 5^k / 10^k
            fractionDigits = -exponent
            var k = -exponent
            while k > 0 {
                let step = min(k, 13)  // 5^13 < 2^31
                var factor: UInt64 = 1
                for _ in 0..<step { factor *= 5 }
                big.multiply(by: factor)
                k -= step
            }
        }
        var digits = big.decimalDigits()
        if digits.count <= fractionDigits {
            digits.insert(contentsOf: repeatElement(0, count: fractionDigits - digits.count + 1), at: 0)
        }
        return (digits, fractionDigits)
    }
}

/// A non-negative integer in base-10⁹ limbs (least significant first), just enough
/// arithmetic for `ExactDecimal`.
struct BigDecimalInteger {
    static let base: UInt64 = 1_000_000_000
    var limbs: [UInt64]

    init(_ value: UInt64) {
        limbs = []
        var v = value
        repeat {
            limbs.append(v % Self.base)
            v /= Self.base
        } while v != 0
    }

    /// Multiplies in place; `factor` must stay below 2^34 so limb products fit `UInt64`.
    mutating func multiply(by factor: UInt64) {
        var carry: UInt64 = 0
        for i in limbs.indices {
            let product = limbs[i] * factor + carry
            limbs[i] = product % Self.base
            carry = product / Self.base
        }
        while carry != 0 {
            limbs.append(carry % Self.base)
            carry /= Self.base
        }
    }

    /// Digit values 0–9, most significant first, no leading zeros (except for zero itself).
    func decimalDigits() -> [UInt8] {
        var digits: [UInt8] = []
        for (n, limb) in limbs.reversed().enumerated() {
            var chunk = [UInt8](repeating: 0, count: 9)
            var v = limb
            for j in (0..<9).reversed() {
                chunk[j] = UInt8(v % 10)
                v /= 10
            }
            if n == 0 {
                let firstNonZero = chunk.firstIndex(where: { $0 != 0 }) ?? 8
                digits.append(contentsOf: chunk[firstNonZero...])
            } else {
                digits.append(contentsOf: chunk)
            }
        }
        return digits
    }
}
