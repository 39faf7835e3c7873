/// b2Sweep: a body's motion over the current step, from its pose at fraction `alpha0` of the
/// step (`c0`, `q0`) to its pose at the end (`c`, and `q0` turned by `turn`). Box2D keeps
/// angles; Tether keeps rotations, so the turn between the two poses is what is stored, and the
/// pose at a fraction turns `q0` by that share of it. Bodies' centers are their origins.
///
/// The turn is kept as the Cayley parameter that `Rotation.integrated(by:)` turns `q0` into `q`
/// with (2·tan(φ/2) for a turn φ, equal to φ to third order), so the poses in between follow the
/// same rotation the integrator uses, without trigonometry, and the end pose is exactly `q`.
struct UIKitSweep: Sendable {
    var c0 = Vec2.zero
    var c = Vec2.zero
    var q0 = Rotation.identity
    var q = Rotation.identity
    var turn = 0.0
    var alpha0 = 0.0

    /// A body at rest at the start of the step.
    init(at position: Vec2, _ rotation: Rotation) {
        c0 = position
        c = position
        q0 = rotation
        q = rotation
    }

    init() {}

    /// The end pose (after the step's solve).
    mutating func end(at position: Vec2, _ rotation: Rotation) {
        c = position
        q = rotation
        let r = q0.relative(to: rotation)
        turn = 2 * r.s / (1 + r.c)
    }

    /// The pose at fraction `beta` of the way from the start pose to the end pose.
    func transform(_ beta: Double) -> Transform {
        if beta == 1 { return Transform(position: c, rotation: q) }
        return Transform(position: (1 - beta) * c0 + beta * c, rotation: q0.integrated(by: beta * turn))
    }

    /// b2Sweep::Advance: the start pose moves to step fraction `alpha`, as 2.3 writes it:
    /// `c0 += β·(c − c0)` leaves a coordinate that does not move exactly where it is, where
    /// `(1 − β)·c0 + β·c` can move it by an ulp (enough to put one box of a column off-centre).
    mutating func advance(to alpha: Double) {
        let beta = (alpha - alpha0) / (1 - alpha0)
        c0 += beta * (c - c0)
        q0 = q0.integrated(by: beta * turn)
        turn *= 1 - beta
        alpha0 = alpha
    }
}
