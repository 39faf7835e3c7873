/// The two bodies of a joint as its rows see them, fixed for a step: dense slots (0, the
/// immovable ground, when A is the world), inverse masses, and the substep constants; with what
/// the joints' rows share (the velocities a row reads, effective masses, impulses).
///
/// Rigid rows are soft while biased (`Softness.joint`) and rigid while relaxing, and apply
/// impulses, never smooth changes. In the biased pass a row sees the velocity the positions will
/// actually move with, `v − ½·Δv_smooth` (smooth forces are trapezoidal), so `Ċ` there is
/// `J·v − ½·J·Δv_smooth`; in the relax pass it sees `J·v`. Errors, levers and effective masses
/// are measured when the substep begins; the relax pass measures the levers (and what one-sided
/// rows test) again after the positions moved, as Box2D does in every solve: with the
/// substep-start levers the relax pass leaves a radial velocity of about h·ω²·r and a pinned
/// pendulum loses about 1 % of its energy per swing; with fresh ones the energy stays within 0.1 %.
struct JointBodies: Sendable {
    var slotA = 0
    var slotB = 0
    var inverseMassA = 0.0
    var inverseMassB = 0.0
    var inverseInertiaA = 0.0
    var inverseInertiaB = 0.0
    /// Soft-rigid coefficients of the biased pass.
    var softness = Softness.rigid
    /// 1/h: speculative rows close a gap C in one substep with bias C/h.
    var inverseH = 0.0

    mutating func prepare(slotA: Int, slotB: Int, properties: UnsafeMutableBufferPointer<BodyProperties>, h: Double) {
        self.slotA = slotA
        self.slotB = slotB
        inverseMassA = properties[slotA].inverseMass
        inverseMassB = properties[slotB].inverseMass
        inverseInertiaA = properties[slotA].inverseInertia
        inverseInertiaB = properties[slotB].inverseInertia
        softness = Softness.joint(h: h)
        inverseH = 1 / h
    }

    /// The velocities a row sees: in the biased pass the ones positions will move with
    /// (`v − ½·Δv_smooth`), in the relax pass the velocities themselves.
    @inline(__always)
    func velocities(_ bodies: UnsafeMutableBufferPointer<BodyState>, useBias: Bool) -> PairVelocity {
        let a = bodies[slotA]
        let b = bodies[slotB]
        if useBias {
            return PairVelocity(
                linearA: a.velocity - 0.5 * a.smoothVelocityChange,
                angularA: a.angularVelocity - 0.5 * a.smoothAngularVelocityChange,
                linearB: b.velocity - 0.5 * b.smoothVelocityChange,
                angularB: b.angularVelocity - 0.5 * b.smoothAngularVelocityChange)
        }
        return PairVelocity(
            linearA: a.velocity, angularA: a.angularVelocity, linearB: b.velocity, angularB: b.angularVelocity)
    }

    /// Applies the impulse `p` at the levers (`+p` on B, `−p` on A) and the angular impulse
    /// `angular` (`+` on B, `−` on A). Never recorded as smooth: rows are impulses.
    @inline(__always)
    func apply(
        _ p: Vec2, leverA: Vec2, leverB: Vec2, angular: Double = 0, to bodies: UnsafeMutableBufferPointer<BodyState>
    ) {
        if p.x == 0 && p.y == 0 && angular == 0 { return }
        bodies[slotA].velocity -= inverseMassA * p
        bodies[slotA].angularVelocity -= inverseInertiaA * (leverA.cross(p) + angular)
        bodies[slotB].velocity += inverseMassB * p
        bodies[slotB].angularVelocity += inverseInertiaB * (leverB.cross(p) + angular)
    }

    /// The inverse of the point row's effective-mass matrix K (2×2, symmetric).
    func pointMass(leverA rA: Vec2, leverB rB: Vec2) -> SymmetricMatrix2 {
        let mA = inverseMassA
        let mB = inverseMassB
        let iA = inverseInertiaA
        let iB = inverseInertiaB
        return SymmetricMatrix2(
            inverting: mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB,
            -rA.y * rA.x * iA - rB.y * rB.x * iB,
            mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB)
    }

    /// 1/K for a row along the unit `axis` through the levers (0 when nothing can move).
    func axialMass(axis: Vec2, leverA: Vec2, leverB: Vec2) -> Double {
        let crA = leverA.cross(axis)
        let crB = leverB.cross(axis)
        let k = inverseMassA + inverseMassB + inverseInertiaA * crA * crA + inverseInertiaB * crB * crB
        return k > 0 ? 1 / k : 0
    }

    /// 1/K for the relative-rotation row (0 when neither body can turn).
    var angularMass: Double {
        let k = inverseInertiaA + inverseInertiaB
        return k > 0 ? 1 / k : 0
    }

    /// The bias, mass scale and impulse scale of a one-sided row with position error `c` (≥ 0
    /// allowed): while the row is slack (`c > 0`) it is speculative, rigid with bias `c/h`, so it
    /// lets the gap close in one substep and no further; otherwise soft while biased, rigid after.
    @inline(__always)
    func oneSidedCoefficients(_ c: Double, useBias: Bool) -> (bias: Double, massScale: Double, impulseScale: Double) {
        if c > 0 { return (c * inverseH, 1, 0) }
        if useBias { return (softness.biasRate * c, softness.massScale, softness.impulseScale) }
        return (0, 1, 0)
    }
}

/// The velocities of a joint's two bodies as one row sees them.
struct PairVelocity {
    var linearA: Vec2
    var angularA: Double
    var linearB: Vec2
    var angularB: Double

    /// Velocity of B's point (lever `leverB`) relative to A's point (lever `leverA`).
    @inline(__always)
    func point(leverA: Vec2, leverB: Vec2) -> Vec2 {
        (linearB + leverB.crossed(byScalar: angularB)) - (linearA + leverA.crossed(byScalar: angularA))
    }

    /// ω_B − ω_A.
    @inline(__always) var angular: Double { angularB - angularA }
}

// MARK: UIKit clock (Box2D 2.3)

extension JointBodies {
    /// A position-level impulse: moves the bodies as `apply` changes their velocities
    /// (`+p` and `+angular` on B, the opposite on A).
    @inline(__always)
    func correct(
        _ p: Vec2, leverA: Vec2, leverB: Vec2, angular: Double = 0, to bodies: UnsafeMutableBufferPointer<BodyState>
    ) {
        if p.x == 0 && p.y == 0 && angular == 0 { return }
        bodies[slotA].correct(by: -inverseMassA * p, turn: -inverseInertiaA * (leverA.cross(p) + angular))
        bodies[slotB].correct(by: inverseMassB * p, turn: inverseInertiaB * (leverB.cross(p) + angular))
    }

    /// b2RevoluteJoint's point correction: `P = −K⁻¹·C` at the current levers; returns |C|.
    @inline(__always)
    func correctPoint(localAnchorA: Vec2, localAnchorB: Vec2, _ bodies: UnsafeMutableBufferPointer<BodyState>) -> Double {
        let a = bodies[slotA]
        let b = bodies[slotB]
        let rA = a.rotation.rotate(localAnchorA)
        let rB = b.rotation.rotate(localAnchorB)
        let c = (b.position + rB) - (a.position + rA)
        let p = -1 * pointMass(leverA: rA, leverB: rB).times(c)
        correct(p, leverA: rA, leverB: rB, to: bodies)
        return c.length
    }
}
