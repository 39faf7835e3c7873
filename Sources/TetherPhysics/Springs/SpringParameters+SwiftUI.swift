// SwiftUI `Spring` (iOS 17): `Spring(response:dampingRatio:)`, `Spring(duration:bounce:)` and the
// `Animation.spring(response:dampingFraction:)` family.

extension SpringParameters {
    /// `Spring(response:dampingRatio:)` / `Animation.spring(response:dampingFraction:)`:
    /// `k = m·(2π/response)²`, `c = 4π·ζ·m/response` (so response = 1/f).
    /// - Parameters:
    ///   - response: the period of the undamped oscillation in seconds, > 0.
    ///   - dampingRatio: SwiftUI's damping ratio / `dampingFraction`, ≥ 0.
    ///   - mass: > 0; SwiftUI's response-based springs have mass 1.
    public init(response: Double, dampingRatio: Double, mass: Double = 1) throws(SpringParameterError) {
        try SpringCheck.positive(response, "response")
        try SpringCheck.nonNegative(dampingRatio, "damping fraction")
        try SpringCheck.positive(mass, "mass")
        let omega = 2 * DeterministicMath.pi / response
        self = try .derived(
            mass: mass, stiffness: mass * omega * omega, damping: 2 * mass * dampingRatio * omega,
            from: "response \(SpringNumberText.compact(response)) s and damping fraction \(SpringNumberText.compact(dampingRatio))")
    }

    /// `Spring(duration:bounce:)`: the same as `Spring(response: duration, dampingRatio: ζ)` with
    /// `ζ = 1 − bounce` for bounce ≥ 0 and `ζ = 1/(1 + bounce)` for bounce < 0.
    /// - Parameters:
    ///   - duration: SwiftUI's perceptual duration in seconds (= response), > 0.
    ///   - bounce: in (−1, 1]: 0 is critically damped, 1 undamped, negative values overdamped.
    ///   - mass: > 0; SwiftUI's duration-based springs have mass 1.
    public init(duration: Double, bounce: Double, mass: Double = 1) throws(SpringParameterError) {
        try SpringCheck.positive(duration, "duration")
        try SpringCheck.finite(bounce, "bounce")
        guard bounce > -1, bounce <= 1 else {
            throw .outOfRange(parameter: "bounce", value: bounce, range: "greater than -1 and at most 1")
        }
        try self.init(response: duration, dampingRatio: Self.dampingRatio(bounce: bounce), mass: mass)
    }

    /// SwiftUI's `springDampingFraction(bounce:)`: `bounce < 0 ? 1/(bounce + 1) : 1 − bounce`.
    public static func dampingRatio(bounce: Double) -> Double {
        bounce < 0 ? 1 / (bounce + 1) : 1 - bounce
    }

    /// The inverse: `ζ ≤ 1 ? 1 − ζ : 1/ζ − 1`.
    public static func bounce(dampingRatio: Double) -> Double {
        dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1
    }

    /// SwiftUI's `response` = 2π/ω₀ = 1/f, seconds.
    public var response: Double { 2 * DeterministicMath.pi / naturalAngularFrequency }

    /// SwiftUI's `dampingFraction` (= ``dampingRatio``).
    public var dampingFraction: Double { dampingRatio }

    /// SwiftUI's perceptual `duration` (= ``response``), seconds.
    public var duration: Double { response }

    /// SwiftUI's `bounce`: `1 − ζ` for ζ ≤ 1, `1/ζ − 1` for ζ > 1; in (−1, 1].
    public var bounce: Double { Self.bounce(dampingRatio: dampingRatio) }
}

// MARK: - Overdamping, as SwiftUI's `Spring(mass:stiffness:damping:allowOverDamping:)` treats it

extension SpringParameters {
    /// SwiftUI's `Spring(mass:stiffness:damping:allowOverDamping:)`. With `allowOverDamping`
    /// false (SwiftUI's default) a spring damped beyond critical (ζ > 1) "should instead be
    /// treated as critically damped": mass and stiffness are kept and the damping is lowered to
    /// 2√(k·m), so it keeps ω₀ and decays as e^(−ω₀t).
    public init(mass: Double = 1, stiffness: Double, damping: Double, allowOverDamping: Bool) throws(SpringParameterError) {
        let spring = try SpringParameters(mass: mass, stiffness: stiffness, damping: damping)
        self = allowOverDamping ? spring : spring.criticallyDampedIfOverdamped
    }

    /// This spring, with its damping lowered to critical (2√(k·m)) if it is overdamped.
    public var criticallyDampedIfOverdamped: SpringParameters {
        guard dampingRatio > 1 else { return self }
        return SpringParameters(validMass: mass, stiffness: stiffness, damping: 2 * (stiffness * mass).squareRoot())
    }

    /// The stiffness SwiftUI's `Spring.stiffness` reports for this spring.
    ///
    /// SwiftUI keeps a spring as an angular frequency ω and a decay constant λ = c/(2m), with
    /// ω² = |k/m − λ²| (ω negative when overdamped), and reports `stiffness` as m·(ω² + λ²)
    /// (as OpenSwiftUI, which reproduces SwiftUI's stored form, computes it). That is k up to
    /// critical damping, but c²/(2m) − k for an overdamped spring: Spring(mass: 1, stiffness: 100,
    /// damping: 30, allowOverDamping: true) reports stiffness 350. Its `damping` (2mλ = c),
    /// `response` and `dampingRatio` are the spring's own.
    public var swiftUIStiffness: Double {
        dampingRatio > 1 ? damping * damping / (2 * mass) - stiffness : stiffness
    }
}
