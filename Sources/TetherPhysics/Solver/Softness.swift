/// Coefficients of a soft constraint row in Box2D v3's form (`b2MakeSoft`), used for the rows that
/// should be rigid: rigid attachments, and later contacts. The row's impulse is
/// `−massScale · m · (Ċ + biasRate · C) − impulseScale · λ`, the implicit-Euler spring of
/// frequency `hertz` and damping ratio `zeta` that pulls the position error back to zero.
@usableFromInline
struct Softness: Sendable {
    @usableFromInline var biasRate: Double
    @usableFromInline var massScale: Double
    @usableFromInline var impulseScale: Double

    static let rigid = Softness(biasRate: 0, massScale: 1, impulseScale: 0)

    init(biasRate: Double, massScale: Double, impulseScale: Double) {
        self.biasRate = biasRate
        self.massScale = massScale
        self.impulseScale = impulseScale
    }

    init(hertz: Double, zeta: Double, h: Double) {
        if hertz == 0 {
            self = Softness(biasRate: 0, massScale: 0, impulseScale: 0)
            return
        }
        let omega = 2 * DeterministicMath.pi * hertz
        let a1 = 2 * zeta + h * omega
        let a2 = h * omega * a1
        let a3 = 1 / (1 + a2)
        self.init(biasRate: omega / a1, massScale: a2 * a3, impulseScale: a3)
    }

    /// Box2D v3's joint softness: 60 Hz, ζ 2, at most a quarter of the substep rate.
    static func joint(h: Double) -> Softness {
        Softness(hertz: min(60, 0.25 / h), zeta: 2, h: h)
    }
}

/// Coefficients of a physical spring row integrated with the trapezoidal rule.
///
/// Over one substep of length h the spring impulse is the average of the spring force at the
/// start and the end: `λ = −h·k·(C₁ + C₂)/2 − h·c·(Ċ₁ + Ċ₂)/2` with `C₂ = C₁ + h·(Ċ₁ + Ċ₂)/2`.
/// With `k = m·ω²` and `c = 2·m·ζ·ω` (m the row's effective mass, so the spring's frequency holds
/// for any size) this is `λ = −m·(stiffnessTerm·C₁ + dampingTerm·(Ċ₁ + Ċ₂))`. The trapezoidal rule
/// is A-stable (stable at any frequency and time step), second order, and keeps the energy of an
/// undamped linear spring exactly.
@usableFromInline
struct SpringCoefficients: Sendable {
    /// h·ω²
    @usableFromInline var stiffnessTerm: Double
    /// h·(h·ω²/4 + ζ·ω)
    @usableFromInline var dampingTerm: Double

    init(frequency: Double, dampingRatio: Double, h: Double) {
        let omega = 2 * DeterministicMath.pi * frequency
        stiffnessTerm = h * omega * omega
        dampingTerm = h * (h * omega * omega / 4 + dampingRatio * omega)
    }
}
