/// One damped spring, stored in its physical (canonical) form and viewable in every vocabulary
/// that UIKit, SwiftUI, Core Animation and Facebook's Origami/Rebound/POP use for it.
///
/// The canonical form is the equation of motion `m·ẍ = −k·(x − target) − c·ẋ`:
/// mass `m` (> 0), stiffness `k` (> 0) and damping coefficient `c` (≥ 0). Everything else is derived:
///
/// | quantity                       | formula                      |
/// |--------------------------------|------------------------------|
/// | natural angular frequency ω₀   | `√(k/m)` rad/s               |
/// | frequency f                    | `ω₀ / 2π` Hz                 |
/// | damping ratio ζ                | `c / (2·√(k·m))`             |
/// | response T (SwiftUI)           | `1/f = 2π/ω₀` s              |
///
/// Vocabularies (see the extensions):
/// - UIKit attachment / Box2D soft joint: ``init(frequency:dampingRatio:mass:)``,
///   `k = m·(2πf)²`, `c = 2·m·ζ·2πf`.
/// - SwiftUI `Spring`: ``init(response:dampingRatio:mass:)``, ``init(duration:bounce:mass:)``.
/// - CASpringAnimation: ``init(mass:stiffness:damping:)`` and ``settlingDuration``.
/// - Origami / Rebound / React Native / POP: ``init(origamiTension:origamiFriction:)``,
///   ``init(reboundTension:reboundFriction:)``, ``init(bounciness:speed:)``.
///
/// All transcendental functions go through ``DeterministicMath``, so every derived number is
/// bit-identical on every platform.
public struct SpringParameters: Hashable, Sendable {
    /// m, > 0.
    public let mass: Double
    /// k, > 0 (force per unit displacement).
    public let stiffness: Double
    /// c, ≥ 0 (force per unit velocity); CASpringAnimation's `damping`.
    public let damping: Double

    /// The canonical form, as CASpringAnimation and SwiftUI's `Spring(mass:stiffness:damping:)` take it.
    public init(mass: Double = 1, stiffness: Double, damping: Double) throws(SpringParameterError) {
        try SpringCheck.positive(mass, "mass")
        try SpringCheck.positive(stiffness, "stiffness")
        try SpringCheck.nonNegative(damping, "damping")
        self.init(validMass: mass, stiffness: stiffness, damping: damping)
    }

    /// Already-checked values (derived ones are re-checked for overflow to infinity).
    init(validMass mass: Double, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// Checks a spring derived from another vocabulary; `source` names the inputs for the message.
    static func derived(mass: Double, stiffness: Double, damping: Double, from source: String) throws(SpringParameterError) -> SpringParameters {
        guard stiffness.isFinite, damping.isFinite, stiffness > 0, damping >= 0 else {
            let k = SpringNumberText.rounded(stiffness)
            let c = SpringNumberText.rounded(damping)
            throw .unphysical("\(source) give stiffness \(k) and damping \(c): stiffness must be greater than 0 and damping 0 or more")
        }
        return SpringParameters(validMass: mass, stiffness: stiffness, damping: damping)
    }

    /// Core Animation's default spring: mass 1, stiffness 100, damping 10 (ζ = 0.5, f ≈ 1.59 Hz).
    public static let coreAnimationDefault = SpringParameters(validMass: 1, stiffness: 100, damping: 10)

    // MARK: - Derived quantities

    /// ω₀ = √(k/m), rad/s.
    public var naturalAngularFrequency: Double { (stiffness / mass).squareRoot() }

    /// ζ = c / (2√(k·m)): 0 undamped, < 1 oscillating, 1 critical, > 1 overdamped.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// k/m: the acceleration per unit displacement (k' in the reference; Rebound's tension).
    public var stiffnessPerUnitMass: Double { stiffness / mass }

    /// c/m: the acceleration per unit velocity (c' in the reference; Rebound's friction).
    public var dampingPerUnitMass: Double { damping / mass }

    /// True when the motion oscillates (ζ < 1).
    public var isUnderdamped: Bool { dampingRatio < 1 }
}

// MARK: - UIKit attachment (Box2D soft joint)

extension SpringParameters {
    /// `UIAttachmentBehavior.frequency` / `.damping` (also `UISnapBehavior`'s damping, Box2D's
    /// `b2DistanceJointDef` frequencyHz / dampingRatio): with ω = 2πf,
    /// `k = m·ω²` and `c = 2·m·ζ·ω`. Per unit mass: `k' = (2πf)²`, `c' = 4πfζ`.
    /// - Parameters:
    ///   - frequency: f in Hz, > 0.
    ///   - dampingRatio: ζ ≥ 0 (1 is critical).
    ///   - mass: the (effective) mass, > 0; UIKit uses the item's mass.
    public init(frequency: Double, dampingRatio: Double, mass: Double = 1) throws(SpringParameterError) {
        try SpringCheck.positive(frequency, "frequency")
        try SpringCheck.nonNegative(dampingRatio, "damping ratio")
        try SpringCheck.positive(mass, "mass")
        let omega = 2 * DeterministicMath.pi * frequency
        self = try .derived(
            mass: mass, stiffness: mass * omega * omega, damping: 2 * mass * dampingRatio * omega,
            from: "frequency \(SpringNumberText.compact(frequency)) Hz and damping ratio \(SpringNumberText.compact(dampingRatio))")
    }

    /// f = ω₀ / 2π, Hz: UIKit's `frequency`.
    public var frequency: Double { naturalAngularFrequency / (2 * DeterministicMath.pi) }
}
