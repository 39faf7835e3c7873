/// Transcendental functions built from `+ − × ÷` and `squareRoot()` only.
///
/// libm's `exp`, `sin` and friends may round differently on other platforms or C libraries,
/// which would make goldens recorded on one machine fail on another. These versions use only
/// IEEE-754 correctly rounded operations, so they give the same bits everywhere. They run when a
/// scene is set up or a parameter changes (spring coefficients, deceleration factors, output
/// angles), never inside the per-substep loops. Accuracy is within a few ulps on the ranges used.
public enum DeterministicMath {
    public static let pi = 3.141592653589793
    static let ln2Hi = 6.93147180369123816490e-01
    static let ln2Lo = 1.90821492927058770002e-10
    static let ln2 = 0.6931471805599453

    /// e^x.
    public static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 709.78 { return .infinity }
        if x < -745.2 { return 0 }
        // What the series gives for ±0, at once: every body without resistance asks for e^(−0·h).
        if x == 0 { return 1 }
        // x = k·ln2 + r with |r| ≤ ln2/2 (Cody–Waite: ln2 split so k·ln2Hi is exact).
        let k = (x / ln2).rounded(.toNearestOrEven)
        let r = (x - k * ln2Hi) - k * ln2Lo
        // Taylor series of e^r to degree 17: the next term is below 2⁻⁶⁰ for |r| ≤ 0.35.
        var term = 1.0
        var sum = 1.0
        for n in 1...17 {
            term = term * r / Double(n)
            sum += term
        }
        return scaleByPowerOfTwo(sum, Int(k))
    }

    /// Natural logarithm; NaN for negative input, −∞ for zero.
    public static func log(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x.isInfinite { return x }
        // x = m·2^e with m in [√½, √2).
        var e = Int(x.exponent)
        var m = x.significand  // in [1, 2)
        if m > 1.4142135623730951 {
            m /= 2
            e += 1
        }
        // log m = 2·atanh(s), s = (m − 1)/(m + 1), |s| ≤ 0.172: the odd series converges fast.
        let s = (m - 1) / (m + 1)
        let s2 = s * s
        var power = s
        var sum = 0.0
        var n = 1.0
        while n < 40 {
            sum += power / n
            power *= s2
            n += 2
        }
        let ed = Double(e)
        return (ed * ln2Hi + 2 * sum) + ed * ln2Lo
    }

    /// base^exponent for base > 0.
    public static func pow(_ base: Double, _ exponent: Double) -> Double {
        if exponent == 0 { return 1 }
        if base == 1 { return 1 }
        return exp(exponent * log(base))
    }

    /// (sin x, cos x).
    public static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        if !x.isFinite { return (.nan, .nan) }
        // x = k·π/2 + r with |r| ≤ π/4, π/2 split in three parts for exact products.
        let k = (x * 0.6366197723675814).rounded(.toNearestOrEven)
        let piOver2Hi = 1.5707963267341256e+00
        let piOver2Mid = 6.077100506506192e-11
        let piOver2Lo = 2.0222662487959506e-21
        let r = ((x - k * piOver2Hi) - k * piOver2Mid) - k * piOver2Lo
        let r2 = r * r
        // Taylor series to degree 21/22: the next term is below 2⁻⁶⁰ for |r| ≤ π/4.
        var sinSum = r
        var cosSum = 1.0
        var sinTerm = r
        var cosTerm = 1.0
        var n = 1.0
        for _ in 0..<11 {
            cosTerm = -cosTerm * r2 / (n * (n + 1))
            sinTerm = -sinTerm * r2 / ((n + 1) * (n + 2))
            cosSum += cosTerm
            sinSum += sinTerm
            n += 2
        }
        switch Int(k.truncatingRemainder(dividingBy: 4)) {
        case 0: return (sinSum, cosSum)
        case 1, -3: return (cosSum, -sinSum)
        case 2, -2: return (-sinSum, -cosSum)
        default: return (-cosSum, sinSum)
        }
    }

    /// The angle of the point (x, y) in (−π, π]; 0 for (0, 0).
    public static func atan2(_ y: Double, _ x: Double) -> Double {
        if y.isNaN || x.isNaN { return .nan }
        if y == 0 { return x < 0 ? pi : 0 }
        let ax = abs(x)
        let ay = abs(y)
        let small = min(ax, ay)
        let large = max(ax, ay)
        var a = atanOfUnitRatio(small / large)
        if ay > ax { a = pi / 2 - a }
        if x < 0 { a = pi - a }
        return y < 0 ? -a : a
    }

    /// atan(t) for t in [0, 1].
    static func atanOfUnitRatio(_ t: Double) -> Double {
        // atan t = π/4 + atan((t − 1)/(t + 1)) moves t above tan(π/8) into [−0.415, 0.415];
        // then one half-angle step t/(1 + √(1 + t²)) brings |t| under 0.2 for a short series.
        var offset = 0.0
        var u = t
        if u > 0.41421356237309503 {
            offset = pi / 4
            u = (u - 1) / (u + 1)
        }
        let half = u / (1 + (1 + u * u).squareRoot())
        let h2 = half * half
        var power = half
        var sum = 0.0
        var n = 1.0
        var sign = 1.0
        while n < 48 {
            sum += sign * power / n
            power *= h2
            sign = -sign
            n += 2
        }
        return offset + 2 * sum
    }

    /// x·2^n, exact when the result is a normal number.
    static func scaleByPowerOfTwo(_ x: Double, _ n: Int) -> Double {
        var result = x
        var remaining = n
        // Scale in steps that keep each factor a normal power of two.
        while remaining > 1000 {
            result *= Double(sign: .plus, exponent: 1000, significand: 1)
            remaining -= 1000
        }
        while remaining < -1000 {
            result *= Double(sign: .plus, exponent: -1000, significand: 1)
            remaining += 1000
        }
        return result * Double(sign: .plus, exponent: remaining, significand: 1)
    }
}
