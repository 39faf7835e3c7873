// `settlingDuration` (CASpringAnimation, SwiftUI `Spring`): the last time a unit step from rest is
// epsilon away from its target, from the exact curve.

extension SpringParameters {
    /// The rest threshold of ``settlingDuration``: 0.1 % of the distance travelled (SwiftUI's
    /// documented epsilon for a target of 1).
    public static let settlingEpsilon = 0.001

    /// Seconds after which a unit step from rest (x(0) = 0, ẋ(0) = 0, target 1) stays within 0.1 %
    /// of its target for good; `.infinity` when undamped. See ``settlingDuration(epsilon:)``.
    public var settlingDuration: Double { settlingDuration(epsilon: Self.settlingEpsilon) }

    /// The last time the unit step response from rest is `epsilon` away from its target: after
    /// it, |1 − x(t)| ≤ ε for ever. SwiftUI documents `Spring.settlingDuration` this way (target
    /// 1, initial velocity 0, ε = 0.001: "how small all subsequent values need to be").
    ///
    /// With σ = ζω₀ and d(t) = 1 − x(t) the remaining distance:
    /// - **Underdamped** (0 < ζ < 1), ω_d = ω₀√(1 − ζ²):
    ///   `d(t) = e^(−σt)·(cos ω_d t + (σ/ω_d)·sin ω_d t)`. Its extrema lie at t_n = nπ/ω_d, where
    ///   |d| = e^(−nσπ/ω_d), and d is monotone between them. So the last extremum outside the band
    ///   is n = the largest with e^(−nσπ/ω_d) > ε, and the answer is the one crossing of ±ε in
    ///   [t_n, t_n + π/ω_d], found by bisection to the last bit. (Beyond 10¹⁵ extrema it is the
    ///   envelope time −ln ε/σ, which is then closer than one ulp.)
    /// - **Critically damped** (ζ = 1): `d(t) = (1 + ω₀t)·e^(−ω₀t)`, monotone: `T = u_ε / ω₀`.
    /// - **Overdamped** (ζ > 1), β = ω₀√(ζ² − 1): `d(t) = e^(−σt)·(cosh βt + (σ/β)·sinh βt)`,
    ///   monotone; T solves d(T) = ε (bisection, to the last bit).
    /// - **Undamped** (ζ = 0): `.infinity`.
    ///
    /// The result is continuous in ζ.
    /// - Parameter epsilon: the threshold as a fraction of the distance, in (0, 1).
    public func settlingDuration(epsilon: Double) -> Double {
        precondition(epsilon > 0 && epsilon < 1, "epsilon must be in (0, 1)")
        let omega0 = naturalAngularFrequency
        let zeta = dampingRatio
        let sigma = zeta * omega0
        if sigma == 0 { return .infinity }
        if zeta < 1 { return underdampedSettlingDuration(epsilon: epsilon, omega0: omega0, zeta: zeta) }
        if zeta == 1 { return Self.criticalSettlingParameter(epsilon: epsilon) / omega0 }
        let beta = omega0 * (zeta * zeta - 1).squareRoot()
        // σ − β without cancellation: ω₀(ζ − √(ζ²−1)) = ω₀/(ζ + √(ζ²−1)).
        let slowRate = omega0 / (zeta + (zeta * zeta - 1).squareRoot())
        return Self.solveDecreasing(epsilon, scale: 1 / slowRate) { t in
            Self.overdampedRemaining(t, sigma: sigma, beta: beta, slowRate: slowRate)
        }
    }

    /// The last crossing of ±ε by an oscillating d(t); see ``settlingDuration(epsilon:)``.
    func underdampedSettlingDuration(epsilon: Double, omega0: Double, zeta: Double) -> Double {
        let sigma = zeta * omega0
        let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
        let halfPeriod = DeterministicMath.pi / omegaD
        // ln of the ratio of two successive extrema: |d(t_n)| = e^(−n·decrement).
        let decrement = sigma * halfPeriod
        let logEpsilon = DeterministicMath.log(epsilon)
        let extrema = -logEpsilon / decrement
        guard extrema < 1e15 else { return -logEpsilon / sigma }
        // The last extremum outside the band, checked in logs so rounding cannot skip one.
        var n = max(0, extrema.rounded(.up) - 1)
        while n > 0 && -n * decrement <= logEpsilon { n -= 1 }
        while -(n + 1) * decrement > logEpsilon { n += 1 }
        // From t_n, d/d(t_n) = e^(−σs)·(cos ω_d s + (σ/ω_d)·sin ω_d s) falls from 1 to −e^(−decrement)
        // over s ∈ [0, π/ω_d]; the band's edge is at ε/|d(t_n)| of it.
        let level = DeterministicMath.exp(logEpsilon + n * decrement)
        let s = Self.bisectDecreasing(level, low: 0, high: halfPeriod) { s in
            let (sine, cosine) = DeterministicMath.sinCos(omegaD * s)
            return DeterministicMath.exp(-sigma * s) * (cosine + sigma / omegaD * sine)
        }
        return n * halfPeriod + s
    }

    /// u_ε with (1 + u)·e^(−u) = ε.
    static func criticalSettlingParameter(epsilon: Double) -> Double {
        solveDecreasing(epsilon, scale: 1) { u in (1 + u) * DeterministicMath.exp(-u) }
    }

    /// d(t) = e^(−σt)·(cosh βt + (σ/β)·sinh βt) for ζ ≥ 1, evaluated without overflow or cancellation.
    static func overdampedRemaining(_ t: Double, sigma: Double, beta: Double, slowRate: Double) -> Double {
        let x = beta * t
        if x < 0.5 {
            // cosh x and sinh(x)/x by their series (x² < 0.25: 12 terms reach far below one ulp).
            let x2 = x * x
            var coshSum = 1.0, shcSum = 1.0
            var coshTerm = 1.0, shcTerm = 1.0
            var n = 1.0
            for _ in 0..<12 {
                coshTerm *= x2 / (n * (n + 1))
                shcTerm *= x2 / ((n + 1) * (n + 2))
                coshSum += coshTerm
                shcSum += shcTerm
                n += 2
            }
            return DeterministicMath.exp(-sigma * t) * (coshSum + sigma * t * shcSum)
        }
        let ratio = sigma / beta
        return 0.5 * (1 + ratio) * DeterministicMath.exp(-slowRate * t)
            + 0.5 * (1 - ratio) * DeterministicMath.exp(-(sigma + beta) * t)
    }

    /// The t ≥ 0 where a decreasing function f with f(0) ≥ 1 > target first reaches `target`:
    /// doubling from `scale` to bracket it, then bisection.
    static func solveDecreasing(_ target: Double, scale: Double, _ f: (Double) -> Double) -> Double {
        var low = 0.0
        var high = scale
        while f(high) > target {
            low = high
            high *= 2
            if !high.isFinite { return .infinity }
        }
        return bisectDecreasing(target, low: low, high: high, f)
    }

    /// Where a decreasing f falls to `target` in [low, high] (f(low) > target ≥ f(high)):
    /// bisection until the bracket is two adjacent doubles; returns the upper one.
    static func bisectDecreasing(_ target: Double, low: Double, high: Double, _ f: (Double) -> Double) -> Double {
        var low = low
        var high = high
        for _ in 0..<2100 {
            let middle = low + (high - low) / 2
            if middle <= low || middle >= high { break }
            if f(middle) > target { low = middle } else { high = middle }
        }
        return high
    }
}
