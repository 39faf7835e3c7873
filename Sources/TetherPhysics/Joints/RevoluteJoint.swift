/// UIAttachmentBehavior's pin attachment (iOS 9): bodies A and B (or B and the world) pinned
/// together at a point about which each may rotate, optionally within an angle range and
/// against friction.
public struct RevoluteJointDefinition: Sendable, Hashable {
    /// The first body, or nil to pin B to the world.
    public var bodyA: BodyID?
    public var bodyB: BodyID
    /// The pin, in world coordinates when the joint is created.
    public var anchor: Vec2
    /// UIKit's `attachmentRange`: the allowed angle of B relative to A, in radians, measured from
    /// their relative angle at creation (positive is clockwise on screen, y down); nil for none.
    /// The ends are clamped to ±0.99π, as Box2D does.
    public var angleRange: ClosedRange<Double>?
    /// UIKit's `frictionTorque`: the largest torque, in mass·pt²/s² (mass as UIKit's, density ×
    /// area / 10 000), with which the pin resists the bodies turning relative to each other. A
    /// 100×100 item of density 1 (mass 1) held by its corner feels a gravity torque of about
    /// 1 × 1000 × 70.7 ≈ 70 700 when its center is level with the pin.
    public var frictionTorque: Double

    public init(bodyA: BodyID?, bodyB: BodyID, anchor: Vec2, angleRange: ClosedRange<Double>? = nil, frictionTorque: Double = 0) {
        self.bodyA = bodyA
        self.bodyB = bodyB
        self.anchor = anchor
        self.angleRange = angleRange
        self.frictionTorque = frictionTorque
    }
}

extension World {
    /// A pin (`UIAttachmentBehavior.pinAttachment`) about which A and B turn freely, within
    /// `angleRange` and against `frictionTorque`.
    @discardableResult
    public mutating func createRevoluteJoint(_ definition: RevoluteJointDefinition) -> JointID {
        checkBodies(definition.bodyA, definition.bodyB)
        let frame = attachmentFrame(definition.bodyA, definition.bodyB, anchor: definition.anchor)
        return insertJoint {
            RevoluteJoint(
                id: $0, definition: definition, localAnchorA: frame.localAnchorA, localAnchorB: frame.localAnchorB,
                referenceRotation: frame.referenceRotation)
        }
    }
}

/// A revolute joint in Box2D v3's style. Rows in solve order:
///
/// 1. lower limit `C = θ − lower`, upper limit `C = upper − θ`, θ the relative angle from
///    creation; one-sided (λ ≥ 0), speculative while `C > 0` (rigid, bias C/h), soft-rigid below
///    while biased, rigid when relaxing. The relax pass measures θ afresh.
/// 2. the point row at the pin, as the weld's.
/// 3. friction (a motor with target speed 0): `Ċ = ω_B − ω_A`, `Δλ = −Ċ/(I_A⁻¹ + I_B⁻¹)`, the
///    accumulated λ clamped to ±frictionTorque·h (so the whole substep's friction impulse is
///    bounded, warm start included). Never biased; in the biased pass it sees the velocity the
///    angle will move with. Box2D solves its motor before the point row; here friction comes
///    last, so each pass ends with the relative spin the friction allows: solved first, the
///    point row's correction (its mass couples spin and translation) left a residual spin every
///    pass and a bar held by a friction above its gravity torque crept (and gained energy).
struct RevoluteJoint: JointKind {
    var id: JointID
    var bodyA: BodyID?
    var bodyB: BodyID
    var localAnchorA: Vec2
    var localAnchorB: Vec2
    /// q_A⁻¹·q_B when the joint was created.
    var referenceRotation: Rotation
    var hasLimits: Bool
    var lowerAngle: Double
    var upperAngle: Double
    var frictionTorque: Double

    // Prepared once per step.
    var bodies = JointBodies()
    var angularMass = 0.0
    var maxFrictionImpulse = 0.0

    // Prepared once per substep.
    var leverA = Vec2.zero
    var leverB = Vec2.zero
    var pointError = Vec2.zero
    var pointMass = SymmetricMatrix2()
    /// Relative angle from creation at the start of the substep (only with limits).
    var angle = 0.0

    // Accumulated impulses, warm-started from the previous substep.
    var pointImpulse = Vec2.zero
    var frictionImpulse = 0.0
    var lowerImpulse = 0.0
    var upperImpulse = 0.0

    static let angleBound = 0.99 * DeterministicMath.pi

    init(id: JointID, definition: RevoluteJointDefinition, localAnchorA: Vec2, localAnchorB: Vec2, referenceRotation: Rotation) {
        self.id = id
        bodyA = definition.bodyA
        bodyB = definition.bodyB
        self.localAnchorA = localAnchorA
        self.localAnchorB = localAnchorB
        self.referenceRotation = referenceRotation
        hasLimits = definition.angleRange != nil
        let range = definition.angleRange ?? 0...0
        lowerAngle = min(max(range.lowerBound, -Self.angleBound), Self.angleBound)
        upperAngle = min(max(range.upperBound, lowerAngle), Self.angleBound)
        frictionTorque = max(definition.frictionTorque, 0)
    }
}

extension RevoluteJoint {
    mutating func prepare(slotA: Int, slotB: Int, properties: UnsafeMutableBufferPointer<BodyProperties>, h: Double) {
        bodies.prepare(slotA: slotA, slotB: slotB, properties: properties, h: h)
        angularMass = bodies.angularMass
        maxFrictionImpulse = frictionTorque * h
        if angularMass == 0 || frictionTorque == 0 { frictionImpulse = 0 }
        if angularMass == 0 || !hasLimits { (lowerImpulse, upperImpulse) = (0, 0) }
    }

    mutating func beginSubstep(_ context: StepContext) {
        let states = context.bodies
        let a = states[bodies.slotA]
        let b = states[bodies.slotB]
        updateLevers(states)
        pointError = (b.position + leverB) - (a.position + leverA)
        if hasLimits && angularMass > 0 { angle = a.rotation.angle(to: b.rotation, from: referenceRotation) }
    }

    /// Levers and point mass for the bodies' current rotations.
    private mutating func updateLevers(_ states: UnsafeMutableBufferPointer<BodyState>) {
        leverA = states[bodies.slotA].rotation.rotate(localAnchorA)
        leverB = states[bodies.slotB].rotation.rotate(localAnchorB)
        pointMass = bodies.pointMass(leverA: leverA, leverB: leverB)
    }

    func warmStart(_ context: StepContext) {
        let states = context.bodies
        let angular = frictionImpulse + lowerImpulse - upperImpulse
        bodies.apply(pointImpulse, leverA: leverA, leverB: leverB, angular: angular, to: states)
    }

    mutating func solve(_ context: StepContext) { solveRows(context.bodies, useBias: true) }
    mutating func relax(_ context: StepContext) { solveRows(context.bodies, useBias: false) }

    /// One Gauss–Seidel update of every row: biased (soft) before positions move, rigid after.
    private mutating func solveRows(_ states: UnsafeMutableBufferPointer<BodyState>, useBias: Bool) {
        // Relaxing, after the positions moved: the levers as they are now.
        if !useBias { updateLevers(states) }
        if angularMass > 0 {
            if hasLimits { solveLimits(states, useBias: useBias) }
        }
        let soft = useBias ? bodies.softness : Softness.rigid
        let v = bodies.velocities(states, useBias: useBias)
        let cdot = v.point(leverA: leverA, leverB: leverB) + soft.biasRate * pointError
        let delta = -soft.massScale * pointMass.times(cdot) - soft.impulseScale * pointImpulse
        pointImpulse += delta
        bodies.apply(delta, leverA: leverA, leverB: leverB, to: states)
        if frictionTorque > 0 && angularMass > 0 {
            let cdot = bodies.velocities(states, useBias: useBias).angular
            let newImpulse = min(max(frictionImpulse - angularMass * cdot, -maxFrictionImpulse), maxFrictionImpulse)
            let delta = newImpulse - frictionImpulse
            frictionImpulse = newImpulse
            bodies.apply(.zero, leverA: leverA, leverB: leverB, angular: delta, to: states)
        }
    }

    private mutating func solveLimits(_ states: UnsafeMutableBufferPointer<BodyState>, useBias: Bool) {
        var theta = angle
        if !useBias {
            theta = states[bodies.slotA].rotation.angle(to: states[bodies.slotB].rotation, from: referenceRotation)
        }
        do {  // lower: C = θ − lower ≥ 0, pushes B's angle up
            let cdot = bodies.velocities(states, useBias: useBias).angular
            let (bias, massScale, impulseScale) = bodies.oneSidedCoefficients(theta - lowerAngle, useBias: useBias)
            let trial = -massScale * angularMass * (cdot + bias) - impulseScale * lowerImpulse
            let newImpulse = max(lowerImpulse + trial, 0)
            let delta = newImpulse - lowerImpulse
            lowerImpulse = newImpulse
            bodies.apply(.zero, leverA: leverA, leverB: leverB, angular: delta, to: states)
        }
        do {  // upper: C = upper − θ ≥ 0, pushes B's angle down
            let cdot = -bodies.velocities(states, useBias: useBias).angular
            let (bias, massScale, impulseScale) = bodies.oneSidedCoefficients(upperAngle - theta, useBias: useBias)
            let trial = -massScale * angularMass * (cdot + bias) - impulseScale * upperImpulse
            let newImpulse = max(upperImpulse + trial, 0)
            let delta = newImpulse - upperImpulse
            upperImpulse = newImpulse
            bodies.apply(.zero, leverA: leverA, leverB: leverB, angular: -delta, to: states)
        }
    }
}

// MARK: - UIKit clock (Box2D 2.3)

extension RevoluteJoint {
    /// b2RevoluteJoint::SolvePositionConstraints: the angle limit (past the lower end
    /// `C = clamp(θ − lower + angularSlop, −maxAngularCorrection, 0)`, past the upper end
    /// `C = clamp(θ − upper − angularSlop, 0, maxAngularCorrection)`, `Δλ = −C/(I_A⁻¹ + I_B⁻¹)`),
    /// then the point `P = −K⁻¹·C`.
    mutating func solvePosition(_ context: StepContext) -> Bool {
        let states = context.bodies
        var angularError = 0.0
        if hasLimits && angularMass > 0 {
            let theta = states[bodies.slotA].rotation.angle(to: states[bodies.slotB].rotation, from: referenceRotation)
            let c: Double
            (angularError, c) = UIKitConstants.limitCorrection(
                theta, lower: lowerAngle, upper: upperAngle,
                slop: UIKitConstants.angularSlop, maxCorrection: UIKitConstants.maxAngularCorrection)
            if c != 0 { bodies.correct(.zero, leverA: .zero, leverB: .zero, angular: -angularMass * c, to: states) }
        }
        let linearError = bodies.correctPoint(localAnchorA: localAnchorA, localAnchorB: localAnchorB, states)
        return linearError <= UIKitConstants.linearSlop && angularError <= UIKitConstants.angularSlop
    }
}
