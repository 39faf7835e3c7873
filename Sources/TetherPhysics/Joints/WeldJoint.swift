/// UIAttachmentBehavior's fixed attachment (iOS 9): bodies A and B (or B and the world) fused
/// at a reference point, keeping the relative position and angle they had when it was created.
public struct WeldJointDefinition: Sendable, Hashable {
    /// The first body, or nil to weld B to the world.
    public var bodyA: BodyID?
    public var bodyB: BodyID
    /// The reference point, in world coordinates when the joint is created.
    public var anchor: Vec2

    public init(bodyA: BodyID?, bodyB: BodyID, anchor: Vec2) {
        self.bodyA = bodyA
        self.bodyB = bodyB
        self.anchor = anchor
    }
}

extension World {
    /// A weld (`UIAttachmentBehavior.fixedAttachment`) holding B's position and angle relative to A.
    @discardableResult
    public mutating func createWeldJoint(_ definition: WeldJointDefinition) -> JointID {
        checkBodies(definition.bodyA, definition.bodyB)
        let frame = attachmentFrame(definition.bodyA, definition.bodyB, anchor: definition.anchor)
        return insertJoint {
            WeldJoint(
                id: $0, bodyA: definition.bodyA, bodyB: definition.bodyB, localAnchorA: frame.localAnchorA,
                localAnchorB: frame.localAnchorB, referenceRotation: frame.referenceRotation)
        }
    }
}

/// A weld in Box2D v3's style: an angular row, then a 2-D point row, both soft-rigid while
/// biased (`Softness.joint`) and rigid when relaxing.
///
/// - angular: `C = angle(q_A⁻¹·q_B·q_ref⁻¹)` (rotation algebra, deterministic atan2), `Ċ = ω_B − ω_A`,
///   mass `1/(I_A⁻¹ + I_B⁻¹)`;
/// - point: `C = (p_B + r_B) − (p_A + r_A)`, `Ċ = v_B + ω_B×r_B − v_A − ω_A×r_A`, mass `K⁻¹` with
///   `K = (m_A⁻¹ + m_B⁻¹)·1 + I_A⁻¹·[r_A]ᵀ[r_A] + I_B⁻¹·[r_B]ᵀ[r_B]` (2×2).
///
/// Each row: `Δλ = −massScale·M·(Ċ + biasRate·C) − impulseScale·λ`.
struct WeldJoint: JointKind {
    var id: JointID
    var bodyA: BodyID?
    var bodyB: BodyID
    var localAnchorA: Vec2
    var localAnchorB: Vec2
    /// q_A⁻¹·q_B when the joint was created.
    var referenceRotation: Rotation

    // Prepared once per step.
    var bodies = JointBodies()
    var angularMass = 0.0

    // Prepared once per substep.
    var leverA = Vec2.zero
    var leverB = Vec2.zero
    var linearError = Vec2.zero
    var angularError = 0.0
    var pointMass = SymmetricMatrix2()

    // Accumulated impulses, warm-started from the previous substep.
    var linearImpulse = Vec2.zero
    var angularImpulse = 0.0

    init(id: JointID, bodyA: BodyID?, bodyB: BodyID, localAnchorA: Vec2, localAnchorB: Vec2, referenceRotation: Rotation) {
        self.id = id
        self.bodyA = bodyA
        self.bodyB = bodyB
        self.localAnchorA = localAnchorA
        self.localAnchorB = localAnchorB
        self.referenceRotation = referenceRotation
    }
}

extension WeldJoint {
    mutating func prepare(slotA: Int, slotB: Int, properties: UnsafeMutableBufferPointer<BodyProperties>, h: Double) {
        bodies.prepare(slotA: slotA, slotB: slotB, properties: properties, h: h)
        angularMass = bodies.angularMass
        if angularMass == 0 { angularImpulse = 0 }
    }

    mutating func beginSubstep(_ context: StepContext) {
        let states = context.bodies
        let a = states[bodies.slotA]
        let b = states[bodies.slotB]
        updateLevers(states)
        linearError = (b.position + leverB) - (a.position + leverA)
        angularError = angularMass > 0 ? a.rotation.angle(to: b.rotation, from: referenceRotation) : 0
    }

    /// Levers and point mass for the bodies' current rotations.
    private mutating func updateLevers(_ states: UnsafeMutableBufferPointer<BodyState>) {
        leverA = states[bodies.slotA].rotation.rotate(localAnchorA)
        leverB = states[bodies.slotB].rotation.rotate(localAnchorB)
        pointMass = bodies.pointMass(leverA: leverA, leverB: leverB)
    }

    func warmStart(_ context: StepContext) {
        let states = context.bodies
        bodies.apply(linearImpulse, leverA: leverA, leverB: leverB, angular: angularImpulse, to: states)
    }

    mutating func solve(_ context: StepContext) { solveRows(context.bodies, useBias: true) }
    mutating func relax(_ context: StepContext) { solveRows(context.bodies, useBias: false) }

    /// One Gauss–Seidel update of every row: biased (soft) before positions move, rigid after.
    private mutating func solveRows(_ states: UnsafeMutableBufferPointer<BodyState>, useBias: Bool) {
        // Relaxing, after the positions moved: the levers as they are now.
        if !useBias { updateLevers(states) }
        let soft = useBias ? bodies.softness : Softness.rigid
        if angularMass > 0 {
            let v = bodies.velocities(states, useBias: useBias)
            let cdot = v.angular + soft.biasRate * angularError
            let delta = -soft.massScale * angularMass * cdot - soft.impulseScale * angularImpulse
            angularImpulse += delta
            bodies.apply(.zero, leverA: leverA, leverB: leverB, angular: delta, to: states)
        }
        let v = bodies.velocities(states, useBias: useBias)
        let cdot = v.point(leverA: leverA, leverB: leverB) + soft.biasRate * linearError
        let delta = -soft.massScale * pointMass.times(cdot) - soft.impulseScale * linearImpulse
        linearImpulse += delta
        bodies.apply(delta, leverA: leverA, leverB: leverB, to: states)
    }
}

// MARK: - UIKit clock (Box2D 2.3)

extension WeldJoint {
    /// b2WeldJoint::SolvePositionConstraints (rigid) as two rows in turn: the relative angle,
    /// then the point at the current levers.
    mutating func solvePosition(_ context: StepContext) -> Bool {
        let states = context.bodies
        var angularError = 0.0
        if angularMass > 0 {
            angularError = states[bodies.slotA].rotation.angle(to: states[bodies.slotB].rotation, from: referenceRotation)
            bodies.correct(.zero, leverA: .zero, leverB: .zero, angular: -angularMass * angularError, to: states)
        }
        let linearError = bodies.correctPoint(localAnchorA: localAnchorA, localAnchorB: localAnchorB, states)
        return linearError <= UIKitConstants.linearSlop && abs(angularError) <= UIKitConstants.angularSlop
    }
}
