/// The rigid attachment kinds of iOS 9's UIAttachmentBehavior (limit, fixed, pin, sliding) as
/// Box2D-v3-style joints, and what they share.
///
/// Every row of these joints is a rigid row made soft while biased (`Softness.joint`) and rigid
/// while relaxing. Rows apply impulses, never smooth changes. In the biased pass a row sees the
/// velocity the positions will actually move with, `v − ½·Δv_smooth` (smooth forces are
/// trapezoidal), so `Ċ` there is `J·v − ½·J·Δv_smooth`; in the relax pass it sees `J·v`.
/// Every joint keeps its accumulated impulses from one substep to the next as the warm start.
/// Errors, levers and effective masses are measured at the start of each substep; the relax pass
/// measures the levers (and what one-sided rows test) again after the positions moved, as Box2D
/// does in every solve: with the substep-start levers the relax pass leaves a radial velocity of
/// about h·ω²·r and a pinned pendulum loses about 1 % of its energy per swing; with fresh ones
/// the energy stays within 0.1 %.
///
/// Conventions: A may be missing (the world, slot 0 of the body arrays); `C` is measured from A
/// to B; a positive impulse pushes B along the row's direction and A against it.
protocol AttachmentJoint: Sendable {
    var id: JointID { get }
    var bodyA: BodyID? { get }
    var bodyB: BodyID { get }
    /// Once per step (when the substep length or the bodies changed).
    mutating func prepare(slotA: Int, slotB: Int, properties: UnsafeMutableBufferPointer<BodyProperties>, h: Double)
    /// At the start of each substep, before any impulse of the substep: levers, errors, masses.
    mutating func prepareSubstep(_ bodies: UnsafeMutableBufferPointer<BodyState>)
    /// Applies the accumulated impulses as the starting guess.
    func warmStart(_ bodies: UnsafeMutableBufferPointer<BodyState>)
    /// One Gauss–Seidel update of every row: biased before positions move, rigid after.
    mutating func solve(_ bodies: UnsafeMutableBufferPointer<BodyState>, useBias: Bool)
    /// The attachment points in A's frame (the world point when A is the world) and in B's.
    var localAnchorA: Vec2 { get }
    var localAnchorB: Vec2 { get }
}

/// The attachment joints of a world, one dense array per kind, each in creation order (removals
/// fill the gap from the end). The solver runs the kinds in the order of the properties.
struct AttachmentJoints: Sendable {
    var limits: [LimitJoint] = []
    var welds: [WeldJoint] = []
    var revolutes: [RevoluteJoint] = []
    var prismatics: [PrismaticJoint] = []

    var count: Int { limits.count + welds.count + revolutes.count + prismatics.count }
    var isEmpty: Bool { count == 0 }

    /// The joints attached to `body`, by kind and then in solver order.
    func ids(attachedTo body: BodyID) -> [JointID] {
        func attached<J: AttachmentJoint>(_ joints: [J]) -> [JointID] {
            joints.filter { $0.bodyA == body || $0.bodyB == body }.map(\.id)
        }
        return attached(limits) + attached(welds) + attached(revolutes) + attached(prismatics)
    }

    mutating func prepare(bodySlots: [Int32], properties: UnsafeMutableBufferPointer<BodyProperties>, h: Double) {
        func prepareAll<J: AttachmentJoint>(_ joints: inout [J]) {
            for j in joints.indices {
                let a = joints[j].bodyA.map { Int(bodySlots[Int($0.rawValue)]) } ?? 0
                let b = Int(bodySlots[Int(joints[j].bodyB.rawValue)])
                joints[j].prepare(slotA: a, slotB: b, properties: properties, h: h)
            }
        }
        prepareAll(&limits)
        prepareAll(&welds)
        prepareAll(&revolutes)
        prepareAll(&prismatics)
    }

    mutating func prepareSubstep(_ bodies: UnsafeMutableBufferPointer<BodyState>) {
        for j in limits.indices { limits[j].prepareSubstep(bodies) }
        for j in welds.indices { welds[j].prepareSubstep(bodies) }
        for j in revolutes.indices { revolutes[j].prepareSubstep(bodies) }
        for j in prismatics.indices { prismatics[j].prepareSubstep(bodies) }
    }

    func warmStart(_ bodies: UnsafeMutableBufferPointer<BodyState>) {
        for joint in limits { joint.warmStart(bodies) }
        for joint in welds { joint.warmStart(bodies) }
        for joint in revolutes { joint.warmStart(bodies) }
        for joint in prismatics { joint.warmStart(bodies) }
    }

    mutating func solve(_ bodies: UnsafeMutableBufferPointer<BodyState>, useBias: Bool) {
        for j in limits.indices { limits[j].solve(bodies, useBias: useBias) }
        for j in welds.indices { welds[j].solve(bodies, useBias: useBias) }
        for j in revolutes.indices { revolutes[j].solve(bodies, useBias: useBias) }
        for j in prismatics.indices { prismatics[j].solve(bodies, useBias: useBias) }
    }
}

// MARK: - Shared row machinery

/// The two bodies of an attachment joint as the solver sees them, fixed for a step: dense slots
/// (0, the immovable ground, when A is the world), inverse masses, and the substep constants.
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

/// A symmetric 2×2 matrix (m11, m12; m12, m22).
struct SymmetricMatrix2: Sendable {
    var m11 = 0.0
    var m12 = 0.0
    var m22 = 0.0

    init() {}

    init(_ m11: Double, _ m12: Double, _ m22: Double) {
        self.m11 = m11
        self.m12 = m12
        self.m22 = m22
    }

    /// The inverse of (k11, k12; k12, k22), or zero when it is singular.
    init(inverting k11: Double, _ k12: Double, _ k22: Double) {
        var det = k11 * k22 - k12 * k12
        if det != 0 { det = 1 / det }
        self.init(det * k22, -det * k12, det * k11)
    }

    @inline(__always)
    func times(_ v: Vec2) -> Vec2 { Vec2(m11 * v.x + m12 * v.y, m12 * v.x + m22 * v.y) }
}

extension Rotation {
    /// The angle of `other` relative to `self` measured from `reference`, i.e. of
    /// `reference⁻¹ · self⁻¹ · other`, in (−π, π]: rotation algebra and a deterministic atan2.
    @inline(__always)
    func angle(to other: Rotation, from reference: Rotation) -> Double {
        let r = reference.relative(to: relative(to: other))
        return DeterministicMath.atan2(r.s, r.c)
    }
}

// MARK: UIKit (Box2D 2.3) solver

/// In the UIKit pipeline the attachment joints' velocity stage is their rigid (relax-pass) rows:
/// `prepareSubstep`, `warmStart` and `solve(useBias: false)` once per step, as Box2D 2.3 solves
/// rigid rows at the velocity level without bias. Position errors are removed by nonlinear
/// Gauss–Seidel iterations on the positions (`solvePositionUIKit`).
extension AttachmentJoints {
    /// One position iteration over every joint; true when all were within their slop.
    mutating func solvePositionUIKit(_ bodies: UnsafeMutableBufferPointer<BodyState>) -> Bool {
        var solved = true
        for j in limits.indices { solved = limits[j].solvePositionUIKit(bodies) && solved }
        for j in welds.indices { solved = welds[j].solvePositionUIKit(bodies) && solved }
        for j in revolutes.indices { solved = revolutes[j].solvePositionUIKit(bodies) && solved }
        for j in prismatics.indices { solved = prismatics[j].solvePositionUIKit(bodies) && solved }
        return solved
    }
}

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
