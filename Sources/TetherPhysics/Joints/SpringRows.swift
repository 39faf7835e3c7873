/// A spring's settings as the world keeps them: rest length (pt), frequency (Hz; 0 makes a rigid
/// rod) and damping ratio. `World.setSpring` writes them; each clock's `prepare` turns them
/// into the row coefficients below.
struct JointSpring: Sendable, Hashable {
    var length: Double
    var frequency: Double
    var dampingRatio: Double
}

/// The coefficients of a physical spring row integrated with the trapezoidal rule (accurate
/// clock).
///
/// Over one substep of length h the spring impulse is the average of the spring force at the
/// start and the end: `λ = −h·k·(C₁ + C₂)/2 − h·c·(Ċ₁ + Ċ₂)/2` with `C₂ = C₁ + h·(Ċ₁ + Ċ₂)/2`.
/// With `k = m·ω²` and `c = 2·m·ζ·ω` (m the row's effective mass, so the spring's frequency holds
/// for any size) this is `λ = −m·(stiffness·C₁ + damping·(Ċ₁ + Ċ₂))`, solved implicitly for Ċ₂:
/// `Δλ = −m·(stiffness·C₁ + damping·Ċ₁ + damping·Ċ + λ/m)/(1 + damping)`. The trapezoidal rule
/// is A-stable (stable at any frequency and time step), second order, and keeps the energy of an
/// undamped linear spring exactly.
struct TrapezoidalSpring: Sendable {
    /// h·ω² (1/s): velocity change per point of position error over one substep h. Not a
    /// spring constant k: that is m·ω², and this holds h in it.
    var stiffnessPerSubstep = 0.0
    /// h·(h·ω²/4 + ζ·ω) (no unit): the share of the relative velocity the row takes out over
    /// one substep. Not the damping ratio ζ (the scenario's `damping`) it is computed from.
    var dampingPerSubstep = 0.0
    /// 1/(1 + dampingPerSubstep): the implicit solve's scale.
    var implicitScale = 1.0

    init() {}

    init(frequency: Double, dampingRatio: Double, h: Double) {
        let omega = 2 * DeterministicMath.pi * frequency
        stiffnessPerSubstep = h * omega * omega
        dampingPerSubstep = h * (h * omega * omega / 4 + dampingRatio * omega)
        implicitScale = 1 / (1 + dampingPerSubstep)
    }

    /// Whether both rows have the same coefficients, bit for bit.
    func hasTheBits(of other: TrapezoidalSpring) -> Bool {
        stiffnessPerSubstep.bitPattern == other.stiffnessPerSubstep.bitPattern
            && dampingPerSubstep.bitPattern == other.dampingPerSubstep.bitPattern
            && implicitScale.bitPattern == other.implicitScale.bitPattern
    }
}

/// The coefficients of Box2D 2.3's soft spring row over a step h (UIKit clock): b2DistanceJoint's
/// "magic formulas" with the row's effective mass m factored out.
///
/// `γ = 1/(h·(d + h·k))` with `k = m·ω²`, `d = 2·m·ζ·ω` is `γ'/m` with `γ' = 1/(h·ω·(2ζ + h·ω))`,
/// and `bias = C·h·k·γ = C·h·ω²·γ'`. The row's impulse `−(Ċ + bias + γ·λ)/(1/m + γ)` is then
/// `−(m·(Ċ + bias) + γ'·λ)/(1 + γ')`, which also holds for a 2-D row with an effective-mass
/// matrix M in place of m.
struct UIKitSoftSpring: Sendable {
    /// h·ω²·γ' (1/s): the bias per point of position error.
    var biasRate: Double
    /// γ' (no unit): the row's softness.
    var gamma: Double
    /// 1/(1 + γ').
    var implicitScale: Double

    init(frequency: Double, dampingRatio: Double, h: Double) {
        let omega = 2 * DeterministicMath.pi * frequency
        let denominator = h * omega * (2 * dampingRatio + h * omega)
        gamma = denominator != 0 ? 1 / denominator : 0
        biasRate = h * omega * omega * gamma
        implicitScale = 1 / (1 + gamma)
    }
}
