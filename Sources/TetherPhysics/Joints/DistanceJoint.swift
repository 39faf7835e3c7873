/// UIAttachmentBehavior's spring or rod between a point on body B and a point on body A, or a
/// fixed anchor in the world when `bodyA` is nil.
///
/// `frequency` (Hz) and `dampingRatio` mean what they mean for a mass on a spring: an item on a
/// zero-length spring to an anchor oscillates at `frequency` with decay `e^(−ζωt)`, whatever its
/// size. `frequency == 0` makes a rigid rod that keeps the distance at `length`.
public struct DistanceJointDefinition: Sendable, Hashable {
    /// The first body, or nil for a fixed anchor in the world.
    public var bodyA: BodyID?
    /// Offset from A's center in A's frame; the world anchor point when `bodyA` is nil.
    public var localAnchorA: Vec2
    public var bodyB: BodyID
    /// Offset from B's center in B's frame.
    public var localAnchorB: Vec2
    /// Rest length; nil means the distance between the two points when the joint is created.
    public var length: Double?
    public var frequency: Double
    public var dampingRatio: Double

    public init(
        bodyA: BodyID?, localAnchorA: Vec2, bodyB: BodyID, localAnchorB: Vec2 = .zero,
        length: Double? = nil, frequency: Double, dampingRatio: Double
    ) {
        self.bodyA = bodyA
        self.localAnchorA = localAnchorA
        self.bodyB = bodyB
        self.localAnchorB = localAnchorB
        self.length = length
        self.frequency = frequency
        self.dampingRatio = dampingRatio
    }

    /// An attachment of `body` (at `offset` from its center) to a fixed point.
    public static func anchor(
        _ anchor: Vec2, to body: BodyID, offset: Vec2 = .zero, length: Double? = nil,
        frequency: Double, dampingRatio: Double
    ) -> DistanceJointDefinition {
        DistanceJointDefinition(
            bodyA: nil, localAnchorA: anchor, bodyB: body, localAnchorB: offset, length: length,
            frequency: frequency, dampingRatio: dampingRatio)
    }
}

extension World {
    /// A spring or rod (`UIAttachmentBehavior` with a length, damping and frequency). A body's
    /// center on a fixed point is stored as an `AnchorSpring`, the fast case.
    @discardableResult
    public mutating func createDistanceJoint(_ definition: DistanceJointDefinition) -> JointID {
        let length =
            definition.length
            ?? (worldPoint(definition.bodyB, definition.localAnchorB) - worldPoint(definition.bodyA, definition.localAnchorA)).length
        let spring = JointSpring(length: length, frequency: definition.frequency, dampingRatio: definition.dampingRatio)
        if definition.bodyA == nil && definition.localAnchorB == .zero {
            return insertJoint { AnchorSpring(id: $0, body: definition.bodyB, anchor: definition.localAnchorA, spring: spring) }
        }
        return insertJoint { DistanceJoint(id: $0, definition: definition, spring: spring) }
    }
}

/// A distance joint's row (an anchor spring's too): its shape and coefficients on each clock.
///
/// A zero-length joint constrains the 2-D vector between the two points (an isotropic spring, no
/// singularity when the points meet); a joint with a length constrains the distance along the
/// line between them.
enum DistanceRow: Sendable {
    // The accurate clock: springs are physical rows integrated with the trapezoidal rule;
    // rods are rigid rows, soft while biased (`Softness.joint`) and rigid when relaxing.
    case pointSpring(TrapezoidalSpring)
    case axialSpring(TrapezoidalSpring)
    case pointRod(Softness)
    case axialRod(Softness)
    // The UIKit clock (Box2D 2.3): a spring is b2DistanceJoint's soft row along the line at any
    // length, a zero-length rod b2RevoluteJoint's point row, a rod b2DistanceJoint's rigid row.
    case uikitSpring(UIKitSoftSpring)
    case uikitPin
    case uikitRod

    /// The accurate clock's row for substep length h.
    init(_ spring: JointSpring, h: Double) {
        let isPoint = spring.length == 0
        if spring.frequency > 0 {
            let row = TrapezoidalSpring(frequency: spring.frequency, dampingRatio: spring.dampingRatio, h: h)
            self = isPoint ? .pointSpring(row) : .axialSpring(row)
        } else {
            let softness = Softness.joint(h: h)
            self = isPoint ? .pointRod(softness) : .axialRod(softness)
        }
    }

    /// The UIKit clock's row for step length h.
    static func uikit(_ spring: JointSpring, h: Double) -> DistanceRow {
        if spring.frequency > 0 {
            return .uikitSpring(UIKitSoftSpring(frequency: spring.frequency, dampingRatio: spring.dampingRatio, h: h))
        }
        return spring.length == 0 ? .uikitPin : .uikitRod
    }

    /// Whether the row constrains the 2-D vector between the points (else the distance).
    var isPoint: Bool {
        switch self {
        case .pointSpring, .pointRod, .uikitPin: true
        case .axialSpring, .axialRod, .uikitSpring, .uikitRod: false
        }
    }

    var isSpring: Bool {
        switch self {
        case .pointSpring, .axialSpring, .uikitSpring: true
        case .pointRod, .axialRod, .uikitPin, .uikitRod: false
        }
    }
}

/// A distance joint between two points, at least one of them on a body, and its solver state.
struct DistanceJoint: JointKind {
    var id: JointID
    var bodyA: BodyID?
    var bodyB: BodyID
    var localAnchorA: Vec2
    var localAnchorB: Vec2
    var settings: JointSpring

    // Prepared once per step.
    var bodies = JointBodies()
    var row = DistanceRow.pointSpring(TrapezoidalSpring())

    // Measured when the substep (UIKit clock: the step) begins.
    var leverA = Vec2.zero
    var leverB = Vec2.zero
    /// Unit axis for axial rows.
    var axis = Vec2.zero
    /// Position error (x only for axial rows).
    var error = Vec2.zero
    /// Effective mass: the 2×2 matrix for point rows, m11 alone for axial ones.
    var mass = SymmetricMatrix2()
    /// A spring's part of the row fixed for the substep: `M·(stiffness·C₁ + damping·Ċ₁)`
    /// (accurate clock), `C·h·ω²·γ'` (UIKit clock).
    var bias = Vec2.zero
    /// Accumulated impulse, warm-started from the previous substep (step).
    var impulse = Vec2.zero

    init(id: JointID, definition: DistanceJointDefinition, spring: JointSpring) {
        self.id = id
        bodyA = definition.bodyA
        bodyB = definition.bodyB
        localAnchorA = definition.localAnchorA
        localAnchorB = definition.localAnchorB
        settings = spring
    }

    var spring: JointSpring? { settings }
    mutating func setSpring(_ spring: JointSpring) { settings = spring }

    mutating func moveWorldAnchor(to anchor: Vec2) -> Bool {
        if bodyA != nil || localAnchorA == anchor { return false }
        localAnchorA = anchor
        return true
    }
}

// MARK: - Accurate clock

extension DistanceJoint {
    mutating func prepare(slotA: Int, slotB: Int, properties: UnsafeMutableBufferPointer<BodyProperties>, h: Double) {
        bodies.prepare(slotA: slotA, slotB: slotB, properties: properties, h: h)
        row = DistanceRow(settings, h: h)
    }

    mutating func beginSubstep(_ context: StepContext) {
        let states = context.bodies
        let a = states[bodies.slotA]
        let b = states[bodies.slotB]
        leverA = a.rotation.rotate(localAnchorA)
        leverB = b.rotation.rotate(localAnchorB)
        let separation = (b.position + leverB) - (a.position + leverA)
        // Velocity of the separation when the substep began: so far only smooth changes (forces,
        // anchor springs) have been applied, and those are recorded.
        let startVelocity =
            (b.velocity - b.smoothVelocityChange
                + leverB.crossed(byScalar: b.angularVelocity - b.smoothAngularVelocityChange))
            - (a.velocity - a.smoothVelocityChange
                + leverA.crossed(byScalar: a.angularVelocity - a.smoothAngularVelocityChange))
        if row.isPoint {
            error = separation
            mass = bodies.pointMass(leverA: leverA, leverB: leverB)
            if case .pointSpring(let spring) = row {
                bias = mass.times(spring.stiffnessPerSubstep * separation + spring.dampingPerSubstep * startVelocity)
            }
        } else {
            let (u, distance) = separation.normalizedWithLength
            axis = u
            error = Vec2(distance - settings.length, 0)
            // Coincident points have no direction: the row does nothing until they part.
            mass.m11 = distance > 0 ? bodies.axialMass(axis: u, leverA: leverA, leverB: leverB) : 0
            if mass.m11 == 0 { impulse = .zero }
            bias = .zero
            if case .axialSpring(let spring) = row {
                let target = spring.stiffnessPerSubstep * error.x + spring.dampingPerSubstep * u.dot(startVelocity)
                bias = Vec2(mass.m11 * target, 0)
            }
        }
    }

    mutating func warmStart(_ context: StepContext) {
        applyImpulse(impulse, to: context.bodies, recordSmooth: true)
    }

    mutating func solve(_ context: StepContext) { solveRow(context.bodies, useBias: true) }

    /// Springs are physical and solve the same row as in `solve`.
    mutating func relax(_ context: StepContext) { solveRow(context.bodies, useBias: false) }

    /// One Gauss–Seidel update of the row. `useBias` is false in the relax pass, where rods are
    /// made rigid at the velocity level.
    private mutating func solveRow(_ states: UnsafeMutableBufferPointer<BodyState>, useBias: Bool) {
        let relativeVelocity = self.relativeVelocity(states)
        var delta: Vec2
        switch row {
        case .pointSpring(let spring):
            let d = spring.dampingPerSubstep
            delta = -spring.implicitScale * (bias + d * mass.times(relativeVelocity) + impulse)
        case .axialSpring(let spring):
            let d = spring.dampingPerSubstep
            let cdot = axis.dot(relativeVelocity)
            delta = Vec2(-(bias.x + d * mass.m11 * cdot + impulse.x) / (1 + d), 0)
        case .pointRod(let softness):
            delta = rodDelta(states, relativeVelocity, softness: useBias ? softness : nil)
        case .axialRod(let softness):
            delta = rodDelta(states, relativeVelocity, softness: useBias ? softness : nil)
        case .uikitSpring, .uikitPin, .uikitRod:
            preconditionFailure("a UIKit row on the accurate clock")
        }
        impulse += delta
        // After positions are integrated (relax) the smooth record is closed for this substep.
        applyImpulse(delta, to: states, recordSmooth: useBias)
    }

    /// Velocity of B's point relative to A's.
    private func relativeVelocity(_ states: UnsafeMutableBufferPointer<BodyState>) -> Vec2 {
        let a = states[bodies.slotA]
        let b = states[bodies.slotB]
        return (b.velocity + leverB.crossed(byScalar: b.angularVelocity))
            - (a.velocity + leverA.crossed(byScalar: a.angularVelocity))
    }

    /// A rod's impulse change: soft with bias when given its `softness` (the velocity the
    /// positions will actually move with: smooth forces count half), rigid without bias when not.
    private func rodDelta(_ states: UnsafeMutableBufferPointer<BodyState>, _ relativeVelocity: Vec2, softness: Softness?) -> Vec2 {
        var massScale = 1.0
        var impulseScale = 0.0
        var smooth = Vec2.zero
        if softness != nil {
            let a = states[bodies.slotA]
            let b = states[bodies.slotB]
            smooth =
                (b.smoothVelocityChange + leverB.crossed(byScalar: b.smoothAngularVelocityChange))
                - (a.smoothVelocityChange + leverA.crossed(byScalar: a.smoothAngularVelocityChange))
        }
        if row.isPoint {
            var cdot = relativeVelocity
            if let softness {
                cdot = cdot - 0.5 * smooth + softness.biasRate * error
                massScale = softness.massScale
                impulseScale = softness.impulseScale
            }
            return -massScale * mass.times(cdot) - impulseScale * impulse
        }
        var cdot = axis.dot(relativeVelocity)
        if let softness {
            cdot = cdot - 0.5 * axis.dot(smooth) + softness.biasRate * error.x
            massScale = softness.massScale
            impulseScale = softness.impulseScale
        }
        return Vec2(-massScale * mass.m11 * cdot - impulseScale * impulse.x, 0)
    }

    /// Applies an impulse (a vector for point rows, a magnitude along the axis for axial ones).
    /// Spring impulses are smooth forces and are recorded as such while `recordSmooth`.
    @inline(__always)
    private func applyImpulse(_ value: Vec2, to states: UnsafeMutableBufferPointer<BodyState>, recordSmooth: Bool) {
        let p = row.isPoint ? value : value.x * axis
        if p.x == 0 && p.y == 0 { return }
        let isSmooth = recordSmooth && row.isSpring
        let dvA = -bodies.inverseMassA * p
        let dwA = -bodies.inverseInertiaA * leverA.cross(p)
        let dvB = bodies.inverseMassB * p
        let dwB = bodies.inverseInertiaB * leverB.cross(p)
        let (slotA, slotB) = (bodies.slotA, bodies.slotB)
        states[slotA].velocity += dvA
        states[slotA].angularVelocity += dwA
        states[slotB].velocity += dvB
        states[slotB].angularVelocity += dwB
        if isSmooth {
            states[slotA].smoothVelocityChange += dvA
            states[slotA].smoothAngularVelocityChange += dwA
            states[slotB].smoothVelocityChange += dvB
            states[slotB].smoothAngularVelocityChange += dwB
        }
    }
}

// MARK: - UIKit clock (Box2D 2.3)

extension DistanceJoint {
    /// b2DistanceJoint::InitVelocityConstraints: levers, direction, error, effective mass and,
    /// for springs, the soft row's bias `C·h·ω²·γ'`; then the warm start with last step's
    /// impulse. Axial rows have no direction while the points are within the slop, as in 2.3.
    mutating func initVelocityConstraints(_ context: StepContext) {
        let states = context.bodies
        let a = states[bodies.slotA]
        let b = states[bodies.slotB]
        leverA = a.rotation.rotate(localAnchorA)
        leverB = b.rotation.rotate(localAnchorB)
        let separation = (b.position + leverB) - (a.position + leverA)
        row = DistanceRow.uikit(settings, h: context.h)
        if case .uikitPin = row {
            error = separation
            mass = bodies.pointMass(leverA: leverA, leverB: leverB)
            bias = .zero
        } else {
            let (u, distance) = separation.normalizedWithLength
            let hasAxis = distance > UIKitConstants.linearSlop
            axis = hasAxis ? u : .zero
            error = Vec2(distance - settings.length, 0)
            let axialMass = bodies.axialMass(axis: axis, leverA: leverA, leverB: leverB)
            mass.m11 = hasAxis ? axialMass : 0
            if mass.m11 == 0 { impulse = .zero }
            if case .uikitSpring(let spring) = row {
                bias = Vec2(spring.biasRate * error.x, 0)
            } else {
                bias = Vec2(0, 0)
            }
        }
        applyImpulse(impulse, to: states, recordSmooth: false)
    }

    /// Springs: `Δλ = −(m·(Ċ + bias) + γ'·λ)/(1 + γ')`; rods: the rigid row without bias (the
    /// accurate clock's relax-pass row).
    mutating func solveVelocity(_ context: StepContext) {
        let states = context.bodies
        let relativeVelocity = self.relativeVelocity(states)
        let delta: Vec2
        switch row {
        case .uikitSpring(let spring):
            let c = axis.dot(relativeVelocity) + bias.x
            delta = Vec2(-(mass.m11 * c + spring.gamma * impulse.x) / (1 + spring.gamma), 0)
        case .uikitPin, .uikitRod:
            delta = rodDelta(states, relativeVelocity, softness: nil)
        default:
            preconditionFailure("an accurate-clock row on the UIKit clock")
        }
        impulse += delta
        applyImpulse(delta, to: states, recordSmooth: false)
    }

    /// b2DistanceJoint::SolvePositionConstraints (and b2RevoluteJoint's point row for a pin):
    /// rods only, from the current positions; axial errors are clamped to the largest correction.
    mutating func solvePosition(_ context: StepContext) -> Bool {
        if row.isSpring { return true }
        let states = context.bodies
        let a = states[bodies.slotA]
        let b = states[bodies.slotB]
        let rA = a.rotation.rotate(localAnchorA)
        let rB = b.rotation.rotate(localAnchorB)
        let separation = (b.position + rB) - (a.position + rA)
        let p: Vec2
        let solved: Bool
        if row.isPoint {
            leverA = rA
            leverB = rB
            p = -1 * bodies.pointMass(leverA: rA, leverB: rB).times(separation)
            solved = separation.length <= UIKitConstants.linearSlop
        } else {
            let (u, distance) = separation.normalizedWithLength
            if distance == 0 { return true }
            let limit = UIKitConstants.maxLinearCorrection
            let c = min(max(distance - settings.length, -limit), limit)
            let crA = rA.cross(u)
            let crB = rB.cross(u)
            let k = bodies.inverseMassA + bodies.inverseMassB + bodies.inverseInertiaA * crA * crA
                + bodies.inverseInertiaB * crB * crB
            p = (k > 0 ? -c / k : 0) * u
            solved = abs(c) <= UIKitConstants.linearSlop
        }
        states[bodies.slotA].correct(by: -bodies.inverseMassA * p, turn: -bodies.inverseInertiaA * rA.cross(p))
        states[bodies.slotB].correct(by: bodies.inverseMassB * p, turn: bodies.inverseInertiaB * rB.cross(p))
        return solved
    }
}
