// CASpringAnimation: mass / stiffness / damping (the canonical form) and `settlingDuration`.

extension SpringParameters {
    /// The rest threshold of ``settlingDuration``: 0.1 % of the distance travelled.
    public static let settlingEpsilon = 0.001

    /// Seconds until a unit step from rest (x(0) = 0, ẋ(0) = 0, target 1) is within 0.1 % of its
    /// target for good, measured on the envelope of the motion; `.infinity` when undamped.
    /// See ``settlingDuration(epsilon:)``.
    public var settlingDuration: Double { settlingDuration(epsilon: Self.settlingEpsilon) }

    /// Seconds after which the envelope of the unit step response stays within `epsilon`.
    ///
    /// With σ = ζω₀ and d(t) = 1 − x(t) the remaining distance:
    /// - **Underdamped** (0 < ζ < 1), ω_d = ω₀√(1 − ζ²):
    ///   `d(t) = e^(−σt)·(cos ω_d t + (σ/ω_d)·sin ω_d t)`, whose envelope is
    ///   `E(t) = e^(−σt)·min(1/√(1 − ζ²), 1 + σt)` (the first bound is the amplitude of the
    ///   sinusoid; the second uses |sin x| ≤ x and keeps E finite as ζ → 1). E decreases, so the
    ///   settling time is where it reaches ε:
    ///   `T = min( ln(1/(ε·√(1 − ζ²))) / σ ,  u_ε / σ )`, where u_ε solves (1 + u)·e^(−u) = ε
    ///   (u ≈ 9.2335 for ε = 0.001).
    /// - **Critically damped** (ζ = 1): `d(t) = (1 + ω₀t)·e^(−ω₀t)`, monotone, so
    ///   `T = u_ε / ω₀` (the limit of the underdamped formula).
    /// - **Overdamped** (ζ > 1), β = ω₀√(ζ² − 1): `d(t) = e^(−σt)·(cosh βt + (σ/β)·sinh βt)`,
    ///   monotone; T solves d(T) = ε (bisection, to the last bit). For large ζ this tends to
    ///   `ln((1 + σ/β)/(2ε)) / (σ − β)`.
    /// - **Undamped** (ζ = 0): `.infinity`.
    ///
    /// The result is continuous in ζ. The initial velocity is taken as 0 (CASpringAnimation's default).
    /// - Parameter epsilon: the threshold as a fraction of the distance, in (0, 1).
    public func settlingDuration(epsilon: Double) -> Double {
        precondition(epsilon > 0 && epsilon < 1, "epsilon must be in (0, 1)")
        let omega0 = naturalAngularFrequency
        let zeta = dampingRatio
        let sigma = zeta * omega0
        if sigma == 0 { return .infinity }
        let criticalTime = Self.criticalSettlingParameter(epsilon: epsilon) / sigma
        if zeta < 1 {
            let amplitude = 1 / (1 - zeta * zeta).squareRoot()
            let envelopeTime = DeterministicMath.log(amplitude / epsilon) / sigma
            return min(envelopeTime, criticalTime)
        }
        if zeta == 1 { return criticalTime }
        let beta = omega0 * (zeta * zeta - 1).squareRoot()
        // σ − β without cancellation: ω₀(ζ − √(ζ²−1)) = ω₀/(ζ + √(ζ²−1)).
        let slowRate = omega0 / (zeta + (zeta * zeta - 1).squareRoot())
        return Self.solveDecreasing(epsilon, scale: 1 / slowRate) { t in
            Self.overdampedRemaining(t, sigma: sigma, beta: beta, slowRate: slowRate)
        }
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
    /// doubling from `scale` to bracket it, then bisection until the bracket is two adjacent doubles.
    static func solveDecreasing(_ target: Double, scale: Double, _ f: (Double) -> Double) -> Double {
        var low = 0.0
        var high = scale
        while f(high) > target {
            low = high
            high *= 2
            if !high.isFinite { return .infinity }
        }
        for _ in 0..<200 {
            let middle = low + (high - low) / 2
            if middle <= low || middle >= high { break }
            if f(middle) > target { low = middle } else { high = middle }
        }
        return high
    }
}
