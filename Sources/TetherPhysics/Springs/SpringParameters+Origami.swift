// Facebook Origami (Quartz Composer), Rebound (Java/JS), React Native `Animated.spring` and POP.
//
// Rebound integrates `ẍ = tension·(target − x) − friction·ẋ`: its tension and friction are the
// stiffness and damping of a unit mass (React Native calls them stiffness and damping).
// Origami's slider values map onto them linearly; bounciness/speed map onto Origami values.

extension SpringParameters {
    // MARK: Origami ↔ Rebound

    /// Rebound tension from an Origami tension: `(o − 30)·3.62 + 194`.
    /// (Rebound-Java special-cases o = 0 → 0; React Native and rebound-js do not, nor does this.)
    public static func reboundTension(origami value: Double) -> Double { (value - 30) * 3.62 + 194 }

    /// Rebound friction from an Origami friction: `(o − 8)·3 + 25`.
    public static func reboundFriction(origami value: Double) -> Double { (value - 8) * 3 + 25 }

    /// Origami tension from a Rebound tension: `30 + (t − 194)/3.62`.
    public static func origamiTension(rebound value: Double) -> Double { 30 + (value - 194) / 3.62 }

    /// Origami friction from a Rebound friction: `8 + (f − 25)/3`.
    public static func origamiFriction(rebound value: Double) -> Double { 8 + (value - 25) / 3 }

    /// Rebound / React Native `tension`/`friction` (= `stiffness`/`damping` with mass 1).
    public init(reboundTension: Double, reboundFriction: Double) throws(SpringParameterError) {
        try SpringCheck.positive(reboundTension, "tension")
        try SpringCheck.nonNegative(reboundFriction, "friction")
        self.init(validMass: 1, stiffness: reboundTension, damping: reboundFriction)
    }

    /// Origami's `tension`/`friction` (React Native `Animated.spring({tension, friction})`,
    /// default 40/7): mass 1, `k = (tension − 30)·3.62 + 194`, `c = (friction − 8)·3 + 25`.
    /// Valid when tension > 30 − 194/3.62 ≈ −23.59 and friction ≥ 8 − 25/3 ≈ −0.33.
    public init(origamiTension: Double, origamiFriction: Double) throws(SpringParameterError) {
        try SpringCheck.finite(origamiTension, "tension")
        try SpringCheck.finite(origamiFriction, "friction")
        self = try .derived(
            mass: 1, stiffness: Self.reboundTension(origami: origamiTension),
            damping: Self.reboundFriction(origami: origamiFriction),
            from: "Origami tension \(SpringNumberText.compact(origamiTension)) and friction \(SpringNumberText.compact(origamiFriction))")
    }

    /// Rebound tension: k/m (Rebound's springs have unit mass).
    public var reboundTension: Double { stiffnessPerUnitMass }

    /// Rebound friction: c/m.
    public var reboundFriction: Double { dampingPerUnitMass }

    /// Origami tension of the same per-unit-mass spring (may be negative for soft springs).
    public var origamiTension: Double { Self.origamiTension(rebound: reboundTension) }

    /// Origami friction of the same per-unit-mass spring.
    public var origamiFriction: Double { Self.origamiFriction(rebound: reboundFriction) }

    // MARK: Bounciness / speed (Rebound `BouncyConversion`, POP, React Native)

    /// Rebound's `BouncyConversion` / POP's `convertBounciness:speed:` / React Native's
    /// `fromBouncinessAndSpeed` (defaults 8 and 12):
    /// ```
    /// b = projectNormal(normalize(bounciness/1.7, 0, 20), 0, 0.8)      // = bounciness/42.5
    /// s = normalize(speed/1.7, 0, 20)                                  // = speed/34
    /// origamiTension  = projectNormal(s, 0.5, 200)                     // 0.5 + 199.5·s
    /// origamiFriction = quadraticOut(b, b3Nobounce(origamiTension), 0.01)
    /// ```
    /// then ``init(origamiTension:origamiFriction:)``. Computed in that order so the result is
    /// bit-identical to React Native's. Bounciness above 42.5 (b > 1) is accepted but folds back:
    /// ``bouncinessAndSpeed`` reports the equivalent value at most 42.5.
    public init(bounciness: Double, speed: Double) throws(SpringParameterError) {
        try SpringCheck.finite(bounciness, "bounciness")
        try SpringCheck.finite(speed, "speed")
        let (tension, friction) = Self.origamiValues(bounciness: bounciness, speed: speed)
        self = try .derived(
            mass: 1, stiffness: Self.reboundTension(origami: tension),
            damping: Self.reboundFriction(origami: friction),
            from: "bounciness \(SpringNumberText.compact(bounciness)) and speed \(SpringNumberText.compact(speed))")
    }

    /// (Origami tension, Origami friction) for a bounciness and speed.
    public static func origamiValues(bounciness: Double, speed: Double) -> (tension: Double, friction: Double) {
        var b = normalize(bounciness / 1.7, 0, 20)
        b = projectNormal(b, 0, 0.8)
        let s = normalize(speed / 1.7, 0, 20)
        let tension = projectNormal(s, 0.5, 200)
        let friction = quadraticOutInterpolation(b, noBounceFriction(origamiTension: tension), 0.01)
        return (tension, friction)
    }

    /// The (bounciness, speed) that ``init(bounciness:speed:)`` maps to this spring's per-unit-mass
    /// tension and friction, or nil when there is none (u > 1 below): for speed ≥ 0 that means an
    /// Origami friction below 0.01, bouncier than bounciness 42.5 can express; for soft springs
    /// (Origami tension below 0.5, i.e. negative speed) Rebound's no-bounce cubic is extrapolated
    /// and often has no solution (e.g. f = 1 Hz, ζ = 0.8). Negative bounciness means more damped
    /// than Rebound's "no bounce" curve.
    ///
    /// Inverse: speed = 34·(o_t − 0.5)/199.5; u = (n − o_f)/(n − 0.01) with n = b3Nobounce(o_t);
    /// b = 1 − √(1 − u); bounciness = 42.5·b.
    public var bouncinessAndSpeed: (bounciness: Double, speed: Double)? {
        let tension = origamiTension
        let friction = origamiFriction
        let speed = 1.7 * 20 * (tension - 0.5) / 199.5
        let noBounce = Self.noBounceFriction(origamiTension: tension)
        let span = noBounce - 0.01
        guard span != 0 else { return friction == 0.01 ? (0, speed) : nil }
        let u = (noBounce - friction) / span  // 2b − b²
        guard u <= 1 else { return nil }
        let b = 1 - (1 - u).squareRoot()
        let bounciness = 1.7 * 20 * (b / 0.8)
        guard bounciness.isFinite, speed.isFinite else { return nil }
        return (bounciness, speed)
    }

    /// Rebound's `b3Nobounce`: the Origami friction that just avoids overshoot at an Origami tension.
    public static func noBounceFriction(origamiTension x: Double) -> Double {
        if x <= 18 {
            return 0.0007 * (x * x * x) - 0.031 * (x * x) + 0.64 * x + 1.28
        } else if x <= 44 {
            return 0.000044 * (x * x * x) - 0.006 * (x * x) + 0.36 * x + 2
        } else {
            return 0.00000045 * (x * x * x) - 0.000332 * (x * x) + 0.1078 * x + 5.84
        }
    }

    static func normalize(_ value: Double, _ start: Double, _ end: Double) -> Double {
        (value - start) / (end - start)
    }

    static func projectNormal(_ n: Double, _ start: Double, _ end: Double) -> Double {
        start + n * (end - start)
    }

    static func quadraticOutInterpolation(_ t: Double, _ start: Double, _ end: Double) -> Double {
        let s = 2 * t - t * t
        return s * end + (1 - s) * start
    }
}
