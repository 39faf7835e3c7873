/// UIAttachmentBehavior's limit attachment (iOS 9): a rope from a point on body A (or a fixed
/// point in the world) to a point on body B. The points may come closer freely but never be
/// more than `maxLength` apart.
public struct LimitJointDefinition: Sendable, Hashable {
    /// The first body, or nil for a fixed point in the world.
    public var bodyA: BodyID?
    /// Offset from A's center in A's frame; the world point when `bodyA` is nil.
    public var localAnchorA: Vec2
    public var bodyB: BodyID
    /// Offset from B's center in B's frame.
    public var localAnchorB: Vec2
    /// The rope's length; nil means the distance between the two points when the joint is
    /// created (UIKit's behavior).
    public var maxLength: Double?

    public init(bodyA: BodyID?, localAnchorA: Vec2, bodyB: BodyID, localAnchorB: Vec2 = .zero, maxLength: Double? = nil) {
        self.bodyA = bodyA
        self.localAnchorA = localAnchorA
        self.bodyB = bodyB
        self.localAnchorB = localAnchorB
        self.maxLength = maxLength
    }

    /// A rope from the fixed point `anchor` to `body` (at `offset` from its center).
    public static func anchor(
        _ anchor: Vec2, to body: BodyID, offset: Vec2 = .zero, maxLength: Double? = nil
    ) -> LimitJointDefinition {
        LimitJointDefinition(bodyA: nil, localAnchorA: anchor, bodyB: body, localAnchorB: offset, maxLength: maxLength)
    }
}

extension World {
    /// A rope (`UIAttachmentBehavior.limitAttachment`): the two points never get farther apart
    /// than `maxLength` (their distance now when nil).
    @discardableResult
    public mutating func createLimitJoint(_ definition: LimitJointDefinition) -> JointID {
        checkBodies(definition.bodyA, definition.bodyB)
        let (pA, qA) = pose(of: definition.bodyA)
        let (pB, qB) = pose(of: definition.bodyB)
        let maxLength =
            definition.maxLength
            ?? ((pB + qB.rotate(definition.localAnchorB)) - (pA + qA.rotate(definition.localAnchorA))).length
        return insertJoint { LimitJoint(id: $0, definition: definition, maxLength: max(maxLength, 0)) }
    }
}

/// A rope: Box2D v3's distance-joint maximum-length row on its own.
///
/// One row along the unit axis u from A's point to B's, with gap `C = maxLength − distance` and
/// `Ċ = −u·(v_B + ω_B×r_B − v_A − ω_A×r_A)`. The impulse λ ≥ 0 acts as `−λ·u` on B (the rope
/// only pulls). While slack (`C > 0`) the row is speculative: rigid with bias `C/h`, so it
/// does nothing unless the points would separate past the rope's length within the substep, and
/// then stops them exactly there; taut (`C ≤ 0`) it is soft-rigid while biased and rigid when
/// relaxing. The relax pass measures C afresh, after the positions moved.
struct LimitJoint: JointKind {
    var id: JointID
    var bodyA: BodyID?
    var bodyB: BodyID
    var localAnchorA: Vec2
    var localAnchorB: Vec2
    var maxLength: Double

    // Prepared once per step.
    var bodies = JointBodies()

    // Prepared once per substep.
    var leverA = Vec2.zero
    var leverB = Vec2.zero
    /// Unit vector from A's point to B's.
    var axis = Vec2.zero
    /// `maxLength − distance` at the start of the substep.
    var gap = 0.0
    var mass = 0.0
    /// Accumulated pull (≥ 0), warm-started from the previous substep.
    var impulse = 0.0

    init(id: JointID, definition: LimitJointDefinition, maxLength: Double) {
        self.id = id
        bodyA = definition.bodyA
        bodyB = definition.bodyB
        localAnchorA = definition.localAnchorA
        localAnchorB = definition.localAnchorB
        self.maxLength = maxLength
    }
}

extension LimitJoint {
    mutating func prepare(slotA: Int, slotB: Int, properties: UnsafeMutableBufferPointer<BodyProperties>, h: Double) {
        bodies.prepare(slotA: slotA, slotB: slotB, properties: properties, h: h)
    }

    mutating func beginSubstep(_ context: StepContext) {
        let states = context.bodies
        measure(states)
        if mass == 0 { impulse = 0 }
    }

    /// Levers, axis, gap and mass from the bodies' current positions.
    private mutating func measure(_ states: UnsafeMutableBufferPointer<BodyState>) {
        let a = states[bodies.slotA]
        let b = states[bodies.slotB]
        leverA = a.rotation.rotate(localAnchorA)
        leverB = b.rotation.rotate(localAnchorB)
        let (u, distance) = ((b.position + leverB) - (a.position + leverA)).normalizedWithLength
        axis = u
        gap = maxLength - distance
        // Coincident points have no direction; they are also well inside the rope.
        mass = distance > 0 ? bodies.axialMass(axis: u, leverA: leverA, leverB: leverB) : 0
    }

    func warmStart(_ context: StepContext) {
        let states = context.bodies
        bodies.apply(-impulse * axis, leverA: leverA, leverB: leverB, to: states)
    }

    mutating func solve(_ context: StepContext) { solveRows(context.bodies, useBias: true) }
    mutating func relax(_ context: StepContext) { solveRows(context.bodies, useBias: false) }

    /// One Gauss–Seidel update of every row: biased (soft) before positions move, rigid after.
    private mutating func solveRows(_ states: UnsafeMutableBufferPointer<BodyState>, useBias: Bool) {
        // Relaxing, after the positions moved: levers, axis and gap as they are now.
        if !useBias { measure(states) }
        if mass == 0 { return }
        let c = gap
        let v = bodies.velocities(states, useBias: useBias)
        let cdot = -axis.dot(v.point(leverA: leverA, leverB: leverB))
        let (bias, massScale, impulseScale) = bodies.oneSidedCoefficients(c, useBias: useBias)
        let trial = -massScale * mass * (cdot + bias) - impulseScale * impulse
        let newImpulse = max(impulse + trial, 0)
        let delta = newImpulse - impulse
        impulse = newImpulse
        bodies.apply(-delta * axis, leverA: leverA, leverB: leverB, to: states)
    }
}

// MARK: - UIKit clock (Box2D 2.3)

extension LimitJoint {
    /// b2RopeJoint::SolvePositionConstraints: `C = clamp(distance − maxLength, 0, maxCorrection)`,
    /// pulled back along the current direction.
    mutating func solvePosition(_ context: StepContext) -> Bool {
        let states = context.bodies
        let a = states[bodies.slotA]
        let b = states[bodies.slotB]
        let rA = a.rotation.rotate(localAnchorA)
        let rB = b.rotation.rotate(localAnchorB)
        let (u, distance) = ((b.position + rB) - (a.position + rA)).normalizedWithLength
        if distance == 0 { return true }
        let c = min(max(distance - maxLength, 0), UIKitConstants.maxLinearCorrection)
        let mass = bodies.axialMass(axis: u, leverA: rA, leverB: rB)
        bodies.correct(-mass * c * u, leverA: rA, leverB: rB, to: states)
        return distance - maxLength < UIKitConstants.linearSlop
    }
}
