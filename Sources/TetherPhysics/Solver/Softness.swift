/// Coefficients of a soft constraint row in Box2D v3's form (`b2MakeSoft`), used for the rows that
/// should be rigid: rods and the rigid joint kinds (`Softness.joint`), and contacts
/// (`ContactSoftness`). The row's impulse is `−massScale · m · (Ċ + biasRate · C) − impulseScale · λ`,
/// the implicit-Euler spring of frequency `hertz` and damping ratio `zeta` that pulls the
/// position error back to zero. Physical springs use `TrapezoidalSpring` instead.
struct Softness: Sendable {
    var biasRate: Double
    var massScale: Double
    var impulseScale: Double

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
