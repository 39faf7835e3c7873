/// A stable handle to a joint (attachment).
public struct JointID: Hashable, Sendable, Comparable {
    public let rawValue: Int32
    @inlinable public init(rawValue: Int32) { self.rawValue = rawValue }
    public static func < (a: JointID, b: JointID) -> Bool { a.rawValue < b.rawValue }
}

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

/// A distance joint and its solver scratch.
///
/// A zero-length joint constrains the 2-D vector between the two points (an isotropic spring, no
/// singularity when the points meet); a joint with a length constrains the distance along the
/// line between them. Springs are physical rows integrated with the trapezoidal rule
/// (`SpringCoefficients`); rods are soft-rigid rows (`Softness`) relaxed to rigid.
@usableFromInline
struct DistanceJoint: Sendable {
    enum Mode: Sendable { case pointSpring, axialSpring, pointRod, axialRod }

    var id: JointID
    var bodyA: BodyID?
    var bodyB: BodyID
    var localAnchorA: Vec2
    var localAnchorB: Vec2
    var length: Double
    var frequency: Double
    var dampingRatio: Double

    // Prepared once per step.
    var mode: Mode = .pointSpring
    var slotA = 0
    var slotB = 0
    var inverseMassA = 0.0
    var inverseMassB = 0.0
    var inverseInertiaA = 0.0
    var inverseInertiaB = 0.0
    var spring = SpringCoefficients(frequency: 0, dampingRatio: 0, h: 0)
    var softness = Softness.rigid

    // Prepared once per substep.
    var leverA = Vec2.zero
    var leverB = Vec2.zero
    /// Unit axis for axial modes.
    var axis = Vec2.zero
    /// Position error at the start of the substep (x only for axial modes).
    var error = Vec2.zero
    /// Effective mass: the symmetric 2×2 matrix (m11, m12, m22) for point modes, m11 for axial.
    var mass11 = 0.0
    var mass12 = 0.0
    var mass22 = 0.0
    /// For springs: `M·(stiffnessTerm·C₁ + dampingTerm·Ċ₁)`, the part of the row fixed for the substep.
    var springBias = Vec2.zero
    /// Accumulated impulse of the current substep (warm-started from the previous one).
    var impulse = Vec2.zero
    /// UIKit solver, springs: γ' of `UIKitConstants.softRow` (the bias is in `springBias`).
    var uikitGamma = 0.0

    init(id: JointID, definition: DistanceJointDefinition, length: Double) {
        self.id = id
        bodyA = definition.bodyA
        bodyB = definition.bodyB
        localAnchorA = definition.localAnchorA
        localAnchorB = definition.localAnchorB
        self.length = length
        frequency = definition.frequency
        dampingRatio = definition.dampingRatio
    }
}

// MARK: - Solver stages

extension DistanceJoint {
    /// Once per step: body slots, masses and the coefficients for substep length h.
    mutating func prepare(slotA: Int, slotB: Int, properties: UnsafeMutableBufferPointer<BodyProperties>, h: Double) {
        self.slotA = slotA
        self.slotB = slotB
        inverseMassA = properties[slotA].inverseMass
        inverseMassB = properties[slotB].inverseMass
        inverseInertiaA = properties[slotA].inverseInertia
        inverseInertiaB = properties[slotB].inverseInertia
        let isSpring = frequency > 0
        if length == 0 {
            mode = isSpring ? .pointSpring : .pointRod
        } else {
            mode = isSpring ? .axialSpring : .axialRod
        }
        spring = SpringCoefficients(frequency: frequency, dampingRatio: dampingRatio, h: h)
        softness = Softness.joint(h: h)
    }

    /// At the start of each substep, before any joint applies an impulse: lever arms, error,
    /// effective mass and the spring's fixed part.
    mutating func prepareSubstep(_ bodies: UnsafeMutableBufferPointer<BodyState>) {
        let a = bodies[slotA]
        let b = bodies[slotB]
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
        let mA = inverseMassA
        let mB = inverseMassB
        let iA = inverseInertiaA
        let iB = inverseInertiaB
        switch mode {
        case .pointSpring, .pointRod:
            error = separation
            let k11 = mA + mB + leverA.y * leverA.y * iA + leverB.y * leverB.y * iB
            let k12 = -leverA.y * leverA.x * iA - leverB.y * leverB.x * iB
            let k22 = mA + mB + leverA.x * leverA.x * iA + leverB.x * leverB.x * iB
            var det = k11 * k22 - k12 * k12
            if det != 0 { det = 1 / det }
            mass11 = det * k22
            mass12 = -det * k12
            mass22 = det * k11
            if mode == .pointSpring {
                let target = spring.stiffnessTerm * separation + spring.dampingTerm * startVelocity
                springBias = Vec2(
                    mass11 * target.x + mass12 * target.y, mass12 * target.x + mass22 * target.y)
            }
        case .axialSpring, .axialRod:
            let (u, distance) = separation.normalizedWithLength
            axis = u
            error = Vec2(distance - length, 0)
            let crA = leverA.cross(u)
            let crB = leverB.cross(u)
            let k = mA + mB + iA * crA * crA + iB * crB * crB
            // Coincident points have no direction: the row does nothing until they part.
            mass11 = k > 0 && distance > 0 ? 1 / k : 0
            if mass11 == 0 { impulse = .zero }
            springBias = .zero
            if mode == .axialSpring {
                let target = spring.stiffnessTerm * error.x + spring.dampingTerm * u.dot(startVelocity)
                springBias = Vec2(mass11 * target, 0)
            }
        }
    }

    /// Applies last substep's impulse as the starting guess.
    func warmStart(_ bodies: UnsafeMutableBufferPointer<BodyState>) {
        applyImpulse(impulse, to: bodies, recordSmooth: true)
    }

    /// One Gauss–Seidel update of the row. `useBias` is false in the relax pass, where rods are
    /// made rigid at the velocity level; springs are physical and solve the same row in both.
    mutating func solve(_ bodies: UnsafeMutableBufferPointer<BodyState>, useBias: Bool) {
        let a = bodies[slotA]
        let b = bodies[slotB]
        let relativeVelocity =
            (b.velocity + leverB.crossed(byScalar: b.angularVelocity))
            - (a.velocity + leverA.crossed(byScalar: a.angularVelocity))
        var delta: Vec2
        switch mode {
        case .pointSpring:
            let d = spring.dampingTerm
            let mv = Vec2(
                mass11 * relativeVelocity.x + mass12 * relativeVelocity.y,
                mass12 * relativeVelocity.x + mass22 * relativeVelocity.y)
            delta = -(1 / (1 + d)) * (springBias + d * mv + impulse)
        case .axialSpring:
            let d = spring.dampingTerm
            let cdot = axis.dot(relativeVelocity)
            delta = Vec2(-(springBias.x + d * mass11 * cdot + impulse.x) / (1 + d), 0)
        case .pointRod:
            var cdot = relativeVelocity
            var massScale = 1.0
            var impulseScale = 0.0
            if useBias {
                // Velocity the positions will actually move with: smooth forces count half.
                let smooth =
                    (b.smoothVelocityChange + leverB.crossed(byScalar: b.smoothAngularVelocityChange))
                    - (a.smoothVelocityChange + leverA.crossed(byScalar: a.smoothAngularVelocityChange))
                cdot = cdot - 0.5 * smooth + softness.biasRate * error
                massScale = softness.massScale
                impulseScale = softness.impulseScale
            }
            let mc = Vec2(mass11 * cdot.x + mass12 * cdot.y, mass12 * cdot.x + mass22 * cdot.y)
            delta = -massScale * mc - impulseScale * impulse
        case .axialRod:
            var cdot = axis.dot(relativeVelocity)
            var massScale = 1.0
            var impulseScale = 0.0
            if useBias {
                let smooth =
                    (b.smoothVelocityChange + leverB.crossed(byScalar: b.smoothAngularVelocityChange))
                    - (a.smoothVelocityChange + leverA.crossed(byScalar: a.smoothAngularVelocityChange))
                cdot = cdot - 0.5 * axis.dot(smooth) + softness.biasRate * error.x
                massScale = softness.massScale
                impulseScale = softness.impulseScale
            }
            delta = Vec2(-massScale * mass11 * cdot - impulseScale * impulse.x, 0)
        }
        impulse += delta
        // After positions are integrated (relax) the smooth record is closed for this substep.
        applyImpulse(delta, to: bodies, recordSmooth: useBias)
    }

    /// Applies an impulse (a vector for point modes, a magnitude along the axis for axial ones).
    /// Spring impulses are smooth forces and are recorded as such while `recordSmooth`.
    @inline(__always)
    private func applyImpulse(_ value: Vec2, to bodies: UnsafeMutableBufferPointer<BodyState>, recordSmooth: Bool) {
        let p: Vec2
        switch mode {
        case .pointSpring, .pointRod: p = value
        case .axialSpring, .axialRod: p = value.x * axis
        }
        if p.x == 0 && p.y == 0 { return }
        let isSmooth = recordSmooth && (mode == .pointSpring || mode == .axialSpring)
        let dvA = -inverseMassA * p
        let dwA = -inverseInertiaA * leverA.cross(p)
        let dvB = inverseMassB * p
        let dwB = inverseInertiaB * leverB.cross(p)
        bodies[slotA].velocity += dvA
        bodies[slotA].angularVelocity += dwA
        bodies[slotB].velocity += dvB
        bodies[slotB].angularVelocity += dwB
        if isSmooth {
            bodies[slotA].smoothVelocityChange += dvA
            bodies[slotA].smoothAngularVelocityChange += dwA
            bodies[slotB].smoothVelocityChange += dvB
            bodies[slotB].smoothAngularVelocityChange += dwB
        }
    }
}

// MARK: UIKit (Box2D 2.3) solver

extension DistanceJoint {
    /// Once per step (b2DistanceJoint::InitVelocityConstraints): levers, direction, error,
    /// effective mass and, for springs, the soft row's γ' and bias `C·h·ω²·γ'`; then the warm
    /// start with last step's impulse. Axial rows have no direction while the points are within
    /// the slop, as in 2.3.
    mutating func prepareUIKit(_ bodies: UnsafeMutableBufferPointer<BodyState>, h: Double) {
        let a = bodies[slotA]
        let b = bodies[slotB]
        leverA = a.rotation.rotate(localAnchorA)
        leverB = b.rotation.rotate(localAnchorB)
        let separation = (b.position + leverB) - (a.position + leverA)
        let isSpring = frequency > 0
        // Springs are b2DistanceJoint's axial row at any length; a zero-length rod is a pin.
        mode = isSpring ? .axialSpring : (length == 0 ? .pointRod : .axialRod)
        let row = UIKitConstants.softRow(frequency: frequency, dampingRatio: dampingRatio, h: h)
        uikitGamma = isSpring ? row.gamma : 0
        switch mode {
        case .pointRod:
            error = separation
            let m = pointMassUIKit()
            (mass11, mass12, mass22) = (m.m11, m.m12, m.m22)
            springBias = .zero
        case .axialSpring, .axialRod, .pointSpring:  // (no point springs in this solver)
            let (u, distance) = separation.normalizedWithLength
            let hasAxis = distance > UIKitConstants.linearSlop
            axis = hasAxis ? u : .zero
            error = Vec2(distance - length, 0)
            let crA = leverA.cross(axis)
            let crB = leverB.cross(axis)
            let k = inverseMassA + inverseMassB + inverseInertiaA * crA * crA + inverseInertiaB * crB * crB
            mass11 = k > 0 && hasAxis ? 1 / k : 0
            if mass11 == 0 { impulse = .zero }
            springBias = Vec2(isSpring ? row.biasRate * error.x : 0, 0)
        }
        applyImpulse(impulse, to: bodies, recordSmooth: false)
    }

    private func pointMassUIKit() -> SymmetricMatrix2 {
        let (rA, rB) = (leverA, leverB)
        return SymmetricMatrix2(
            inverting: inverseMassA + inverseMassB + rA.y * rA.y * inverseInertiaA + rB.y * rB.y * inverseInertiaB,
            -rA.y * rA.x * inverseInertiaA - rB.y * rB.x * inverseInertiaB,
            inverseMassA + inverseMassB + rA.x * rA.x * inverseInertiaA + rB.x * rB.x * inverseInertiaB)
    }

    /// One velocity iteration: springs `Δλ = −(m·(Ċ + bias) + γ'·λ)/(1 + γ')`, rods the rigid
    /// row without bias (the accurate pipeline's relax-pass row).
    mutating func solveVelocityUIKit(_ bodies: UnsafeMutableBufferPointer<BodyState>) {
        switch mode {
        case .pointRod, .axialRod:
            solve(bodies, useBias: false)
        case .pointSpring, .axialSpring:
            let a = bodies[slotA]
            let b = bodies[slotB]
            let relativeVelocity =
                (b.velocity + leverB.crossed(byScalar: b.angularVelocity))
                - (a.velocity + leverA.crossed(byScalar: a.angularVelocity))
            let c = axis.dot(relativeVelocity) + springBias.x
            let delta = Vec2(-(mass11 * c + uikitGamma * impulse.x) / (1 + uikitGamma), 0)
            impulse += delta
            applyImpulse(delta, to: bodies, recordSmooth: false)
        }
    }

    /// One position iteration (b2DistanceJoint::SolvePositionConstraints): rods only, from the
    /// current positions; axial errors are clamped to the largest correction. Returns whether
    /// the error was within the slop.
    mutating func solvePositionUIKit(_ bodies: UnsafeMutableBufferPointer<BodyState>) -> Bool {
        if mode == .pointSpring || mode == .axialSpring { return true }
        let a = bodies[slotA]
        let b = bodies[slotB]
        let rA = a.rotation.rotate(localAnchorA)
        let rB = b.rotation.rotate(localAnchorB)
        let separation = (b.position + rB) - (a.position + rA)
        let p: Vec2
        let solved: Bool
        if mode == .pointRod {
            leverA = rA
            leverB = rB
            p = -1 * pointMassUIKit().times(separation)
            solved = separation.length <= UIKitConstants.linearSlop
        } else {
            let (u, distance) = separation.normalizedWithLength
            if distance == 0 { return true }
            let limit = UIKitConstants.maxLinearCorrection
            let c = min(max(distance - length, -limit), limit)
            let crA = rA.cross(u)
            let crB = rB.cross(u)
            let k = inverseMassA + inverseMassB + inverseInertiaA * crA * crA + inverseInertiaB * crB * crB
            p = (k > 0 ? -c / k : 0) * u
            solved = abs(c) <= UIKitConstants.linearSlop
        }
        bodies[slotA].correct(by: -inverseMassA * p, turn: -inverseInertiaA * rA.cross(p))
        bodies[slotB].correct(by: inverseMassB * p, turn: inverseInertiaB * rB.cross(p))
        return solved
    }
}
