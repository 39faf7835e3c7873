/// UIAttachmentBehavior's sliding attachment (iOS 9): B may slide relative to A (or the world)
/// along one axis only, without turning relative to it, optionally within a translation range.
public struct PrismaticJointDefinition: Sendable, Hashable {
    /// The first body, or nil to slide B along a fixed line in the world.
    public var bodyA: BodyID?
    public var bodyB: BodyID
    /// A point on the sliding line, in world coordinates when the joint is created.
    public var anchor: Vec2
    /// The direction of the line in A's frame (in the world when `bodyA` is nil); normalized
    /// on creation, must not be zero.
    public var axis: Vec2
    /// UIKit's `attachmentRange`: the allowed translation of B's point from A's along `axis`, in
    /// points, 0 being where they were at creation; nil for none. Meant to contain 0 (a range that
    /// does not is reached softly, at the joint stiffness).
    public var translationRange: ClosedRange<Double>?

    public init(bodyA: BodyID?, bodyB: BodyID, anchor: Vec2, axis: Vec2, translationRange: ClosedRange<Double>? = nil) {
        self.bodyA = bodyA
        self.bodyB = bodyB
        self.anchor = anchor
        self.axis = axis
        self.translationRange = translationRange
    }
}

extension World {
    /// A slider (`UIAttachmentBehavior.slidingAttachment`): B moves relative to A only along the
    /// axis, within `translationRange`, and does not turn relative to A.
    @discardableResult
    public mutating func createPrismaticJoint(_ definition: PrismaticJointDefinition) -> JointID {
        checkBodies(definition.bodyA, definition.bodyB)
        let frame = attachmentFrame(definition.bodyA, definition.bodyB, anchor: definition.anchor)
        return insertJoint {
            PrismaticJoint(
                id: $0, definition: definition, localAnchorA: frame.localAnchorA, localAnchorB: frame.localAnchorB,
                referenceRotation: frame.referenceRotation)
        }
    }
}

/// A prismatic joint in Box2D v3's style. With u the axis (fixed in A), n its perpendicular
/// `(−u_y, u_x)`, r_A, r_B the levers of the anchor points, `d = (p_B + r_B) − (p_A + r_A)` and
/// the A-side lever `d + r_A` (the axis turns with A), rows in solve order:
///
/// 1. lower limit `C = u·d − lower`, upper `C = upper − u·d`: one-sided (λ ≥ 0) along u with the
///    levers `d + r_A` and `r_B`, speculative while `C > 0` (rigid, bias C/h), soft-rigid below
///    while biased, rigid when relaxing; the relax pass measures u·d afresh;
/// 2. a 2-D row: `C = (n·d, angle(q_A⁻¹·q_B·q_ref⁻¹))`, `Ċ = (n·(v_B + ω_B×r_B − v_A − ω_A×(d + r_A)),
///    ω_B − ω_A)`, `K = [[m_A⁻¹ + m_B⁻¹ + I_A⁻¹s₁² + I_B⁻¹s₂², I_A⁻¹s₁ + I_B⁻¹s₂], [·, I_A⁻¹ + I_B⁻¹]]`
///    with `s₁ = (d + r_A)×n`, `s₂ = r_B×n` (K₂₂ = 1 when neither body turns), soft-rigid
///    while biased, rigid when relaxing.
struct PrismaticJoint: JointKind {
    var id: JointID
    var bodyA: BodyID?
    var bodyB: BodyID
    var localAnchorA: Vec2
    var localAnchorB: Vec2
    /// Unit axis in A's frame.
    var localAxisA: Vec2
    /// q_A⁻¹·q_B when the joint was created.
    var referenceRotation: Rotation
    var hasLimits: Bool
    var lowerTranslation: Double
    var upperTranslation: Double

    // Prepared once per step.
    var bodies = JointBodies()

    // Prepared once per substep.
    /// A's lever to B's anchor point, `d + r_A`.
    var leverA = Vec2.zero
    var leverB = Vec2.zero
    var axis = Vec2.zero
    var normal = Vec2.zero
    /// u·d at the start of the substep.
    var translation = 0.0
    var axialMass = 0.0
    /// (n·d, angle error) at the start of the substep.
    var error = Vec2.zero
    var mass = SymmetricMatrix2()

    // Accumulated impulses, warm-started from the previous substep.
    /// (along n, angular)
    var impulse = Vec2.zero
    var lowerImpulse = 0.0
    var upperImpulse = 0.0

    init(
        id: JointID, definition: PrismaticJointDefinition, localAnchorA: Vec2, localAnchorB: Vec2,
        referenceRotation: Rotation
    ) {
        self.id = id
        bodyA = definition.bodyA
        bodyB = definition.bodyB
        self.localAnchorA = localAnchorA
        self.localAnchorB = localAnchorB
        let (u, length) = definition.axis.normalizedWithLength
        precondition(length > 0, "a sliding attachment needs a nonzero axis")
        localAxisA = u
        self.referenceRotation = referenceRotation
        hasLimits = definition.translationRange != nil
        lowerTranslation = definition.translationRange?.lowerBound ?? 0
        upperTranslation = definition.translationRange?.upperBound ?? 0
    }
}

extension PrismaticJoint {
    mutating func prepare(slotA: Int, slotB: Int, properties: UnsafeMutableBufferPointer<BodyProperties>, h: Double) {
        bodies.prepare(slotA: slotA, slotB: slotB, properties: properties, h: h)
        if !hasLimits { (lowerImpulse, upperImpulse) = (0, 0) }
    }

    mutating func beginSubstep(_ context: StepContext) {
        let states = context.bodies
        measure(states, angle: true)
        if axialMass == 0 { (lowerImpulse, upperImpulse) = (0, 0) }
    }

    /// Levers, axes, translation, masses and errors from the bodies' current positions (the
    /// angle error only when asked: the relax pass does not need it).
    private mutating func measure(_ states: UnsafeMutableBufferPointer<BodyState>, angle: Bool) {
        let a = states[bodies.slotA]
        let b = states[bodies.slotB]
        let rA = a.rotation.rotate(localAnchorA)
        leverB = b.rotation.rotate(localAnchorB)
        let d = (b.position + leverB) - (a.position + rA)
        leverA = d + rA
        axis = a.rotation.rotate(localAxisA)
        normal = axis.perpendicular
        translation = axis.dot(d)
        axialMass = bodies.axialMass(axis: axis, leverA: leverA, leverB: leverB)

        let iA = bodies.inverseInertiaA
        let iB = bodies.inverseInertiaB
        let s1 = leverA.cross(normal)
        let s2 = leverB.cross(normal)
        let k22 = iA + iB
        let turns = k22 > 0
        mass = SymmetricMatrix2(
            inverting: bodies.inverseMassA + bodies.inverseMassB + iA * s1 * s1 + iB * s2 * s2,
            iA * s1 + iB * s2, turns ? k22 : 1)
        error = Vec2(normal.dot(d), turns && angle ? a.rotation.angle(to: b.rotation, from: referenceRotation) : 0)
    }

    func warmStart(_ context: StepContext) {
        let states = context.bodies
        let p = impulse.x * normal + (lowerImpulse - upperImpulse) * axis
        bodies.apply(p, leverA: leverA, leverB: leverB, angular: impulse.y, to: states)
    }

    mutating func solve(_ context: StepContext) { solveRows(context.bodies, useBias: true) }
    mutating func relax(_ context: StepContext) { solveRows(context.bodies, useBias: false) }

    /// One Gauss–Seidel update of every row: biased (soft) before positions move, rigid after.
    private mutating func solveRows(_ states: UnsafeMutableBufferPointer<BodyState>, useBias: Bool) {
        // Relaxing, after the positions moved: geometry and translation as they are now.
        if !useBias { measure(states, angle: false) }
        if hasLimits && axialMass > 0 { solveLimits(states, useBias: useBias) }
        let soft = useBias ? bodies.softness : Softness.rigid
        let v = bodies.velocities(states, useBias: useBias)
        let cdot = Vec2(normal.dot(v.point(leverA: leverA, leverB: leverB)), v.angular) + soft.biasRate * error
        let delta = -soft.massScale * mass.times(cdot) - soft.impulseScale * impulse
        impulse += delta
        bodies.apply(delta.x * normal, leverA: leverA, leverB: leverB, angular: delta.y, to: states)
    }

    private mutating func solveLimits(_ states: UnsafeMutableBufferPointer<BodyState>, useBias: Bool) {
        let t = translation
        do {  // lower: C = t − lower ≥ 0, pushes B along +u
            let cdot = axis.dot(bodies.velocities(states, useBias: useBias).point(leverA: leverA, leverB: leverB))
            let (bias, massScale, impulseScale) = bodies.oneSidedCoefficients(t - lowerTranslation, useBias: useBias)
            let trial = -massScale * axialMass * (cdot + bias) - impulseScale * lowerImpulse
            let newImpulse = max(lowerImpulse + trial, 0)
            let delta = newImpulse - lowerImpulse
            lowerImpulse = newImpulse
            bodies.apply(delta * axis, leverA: leverA, leverB: leverB, to: states)
        }
        do {  // upper: C = upper − t ≥ 0, pushes B along −u
            let cdot = -axis.dot(bodies.velocities(states, useBias: useBias).point(leverA: leverA, leverB: leverB))
            let (bias, massScale, impulseScale) = bodies.oneSidedCoefficients(upperTranslation - t, useBias: useBias)
            let trial = -massScale * axialMass * (cdot + bias) - impulseScale * upperImpulse
            let newImpulse = max(upperImpulse + trial, 0)
            let delta = newImpulse - upperImpulse
            upperImpulse = newImpulse
            bodies.apply(-delta * axis, leverA: leverA, leverB: leverB, to: states)
        }
    }
}

// MARK: - UIKit clock (Box2D 2.3)

extension PrismaticJoint {
    /// b2PrismaticJoint::SolvePositionConstraints as rows in turn: the translation limit (past
    /// an end, `C` less the slop clamped to the largest correction, along the axis), then the
    /// 2-D row (perpendicular offset, relative angle) `P = −K⁻¹·C`, each from current positions.
    mutating func solvePosition(_ context: StepContext) -> Bool {
        let states = context.bodies
        var linearError = 0.0
        if hasLimits {
            measure(states, angle: false)
            if axialMass > 0 {
                let c: Double
                (linearError, c) = UIKitConstants.limitCorrection(
                    translation, lower: lowerTranslation, upper: upperTranslation,
                    slop: UIKitConstants.linearSlop, maxCorrection: UIKitConstants.maxLinearCorrection)
                if c != 0 { bodies.correct(-axialMass * c * axis, leverA: leverA, leverB: leverB, to: states) }
            }
        }
        measure(states, angle: true)
        let p = -1 * mass.times(error)
        bodies.correct(p.x * normal, leverA: leverA, leverB: leverB, angular: p.y, to: states)
        linearError = max(linearError, abs(error.x))
        return linearError <= UIKitConstants.linearSlop && abs(error.y) <= UIKitConstants.angularSlop
    }
}
