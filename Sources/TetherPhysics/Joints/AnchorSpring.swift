/// An attachment of a body's center to a fixed point in the world: the springy list's spring.
///
/// It is a distance joint with no second body and no lever arm (`World.createDistanceJoint`
/// stores such joints here), which makes the effective mass exactly the body's mass; the rows
/// are then solved in velocity units with no mass at all, in a compact column of their own. That
/// is what lets 10 000 springs step at tens of millions of item-frames per second. Anchor
/// springs are the first kind in every stage.
///
/// On the accurate clock an anchor spring's whole biased pass runs in `beginSubstep`: its row
/// involves one body and no other row has acted yet, so its first update is exact, and the
/// spring's part of the row is measured from the state the substep began with. The relax pass
/// runs only when something ties bodies together (`JointKind.couplesBodies`): a lone spring is
/// already solved.
struct AnchorSpring: JointKind {
    var id: JointID
    var body: BodyID
    var anchor: Vec2
    var settings: JointSpring

    // Prepared once per step.
    /// The body's slot, or 0 when it is anchored (nothing moves it).
    var slot = 0
    var row = DistanceRow.pointSpring(TrapezoidalSpring())

    // Measured when the substep (UIKit clock: the step) begins.
    /// Unit direction from the anchor to the body, for axial rows.
    var axis = Vec2.zero
    /// The part of the row's velocity error fixed for the substep: a spring's
    /// `stiffnessPerSubstep·C₁ + dampingPerSubstep·Ċ₁`, a rod's `biasRate·C₁` (accurate clock), a spring's
    /// `C·h·ω²·γ'` (UIKit clock). Axial rows use x.
    var bias = Vec2.zero
    /// The velocity change the row has applied (its impulse over the body's mass): over the
    /// substep on the accurate clock, over the step on the UIKit clock (and its warm start).
    /// Axial rows use x.
    var velocityChange = Vec2.zero

    init(id: JointID, body: BodyID, anchor: Vec2, spring: JointSpring) {
        self.id = id
        self.body = body
        self.anchor = anchor
        settings = spring
    }

    var bodyA: BodyID? { nil }
    var bodyB: BodyID { body }
    var localAnchorA: Vec2 { anchor }
    var localAnchorB: Vec2 { .zero }
    static var couplesBodies: Bool { false }

    var spring: JointSpring? { settings }
    mutating func setSpring(_ spring: JointSpring) { settings = spring }

    mutating func moveWorldAnchor(to anchor: Vec2) -> Bool {
        if self.anchor == anchor { return false }
        self.anchor = anchor
        return true
    }
}

// MARK: - Accurate clock

extension AnchorSpring {
    mutating func prepare(slotA: Int, slotB: Int, properties: UnsafeMutableBufferPointer<BodyProperties>, h: Double) {
        slot = properties[slotB].inverseMass > 0 ? slotB : 0
        row = DistanceRow(settings, h: h)
    }

    /// The first, biased pass: the rows' fixed parts from the state at the substep's start, and
    /// the update (see the type's comment).
    @inline(__always)
    mutating func beginSubstep(_ context: StepContext) { update(context.bodies, first: true, relax: false) }

    /// Nothing: the biased pass ran in `beginSubstep`.
    func warmStart(_ context: StepContext) {}
    func solve(_ context: StepContext) {}

    @inline(__always)
    mutating func relax(_ context: StepContext) { update(context.bodies, first: false, relax: true) }

    /// `beginSubstep` on the body in the caller's hands (the spring's own, `slot` ≠ 0): the
    /// step of independent bodies keeps each body in registers through its substep.
    @inline(__always)
    mutating func beginSubstep(on body: inout BodyState) { update(&body, first: true, relax: false) }

    @inline(__always)
    private mutating func update(_ bodies: UnsafeMutableBufferPointer<BodyState>, first: Bool, relax: Bool) {
        if slot == 0 { return }
        var body = bodies[slot]
        update(&body, first: first, relax: relax)
        bodies[slot] = body
    }

    /// One update of the row on its body. `first` starts the substep (fixed parts from the
    /// state at its start); `relax` is the pass after positions were integrated (rods go rigid,
    /// and nothing is recorded as smooth any more).
    @inline(__always)
    private mutating func update(_ body: inout BodyState, first: Bool, relax: Bool) {
        switch row {
        case .pointSpring(let spring):
            if first {
                // v − Δv_smooth is the velocity the substep began with.
                bias = spring.stiffnessPerSubstep * (body.position - anchor)
                    + spring.dampingPerSubstep * (body.velocity - body.smoothVelocityChange)
                velocityChange = .zero
            }
            let delta = -spring.implicitScale * (bias + spring.dampingPerSubstep * body.velocity + velocityChange)
            velocityChange += delta
            body.velocity += delta
            if !relax { body.smoothVelocityChange += delta }
        case .axialSpring(let spring):
            if first {
                let (u, distance) = (body.position - anchor).normalizedWithLength
                axis = u
                velocityChange = .zero
                let startSpeed = u.dot(body.velocity - body.smoothVelocityChange)
                bias = Vec2(
                    distance > 0 ? spring.stiffnessPerSubstep * (distance - settings.length) + spring.dampingPerSubstep * startSpeed : 0, 0)
            }
            let u = axis
            let delta = -spring.implicitScale * (bias.x + spring.dampingPerSubstep * u.dot(body.velocity) + velocityChange.x)
            velocityChange.x += delta
            body.velocity += delta * u
            if !relax { body.smoothVelocityChange += delta * u }
        case .pointRod(let softness):
            if first {
                bias = softness.biasRate * (body.position - anchor)
                velocityChange = .zero
            }
            var cdot = body.velocity
            var massScale = 1.0
            var impulseScale = 0.0
            if !relax {
                // The velocity the position will move with: smooth changes count half.
                cdot = cdot - 0.5 * body.smoothVelocityChange + bias
                massScale = softness.massScale
                impulseScale = softness.impulseScale
            }
            let delta = -massScale * cdot - impulseScale * velocityChange
            velocityChange += delta
            body.velocity += delta
        case .axialRod(let softness):
            if first {
                let (u, distance) = (body.position - anchor).normalizedWithLength
                axis = u
                bias = Vec2(softness.biasRate * (distance > 0 ? distance - settings.length : 0), 0)
                velocityChange = .zero
            }
            let u = axis
            var cdot = u.dot(body.velocity)
            var massScale = 1.0
            var impulseScale = 0.0
            if !relax {
                cdot = cdot - 0.5 * u.dot(body.smoothVelocityChange) + bias.x
                massScale = softness.massScale
                impulseScale = softness.impulseScale
            }
            let delta = -massScale * cdot - impulseScale * velocityChange.x
            velocityChange.x += delta
            body.velocity += delta * u
        case .uikitSpring, .uikitPin, .uikitRod:
            preconditionFailure("a UIKit row on the accurate clock")
        }
    }
}

// MARK: - UIKit clock (Box2D 2.3)

extension AnchorSpring {
    /// The row for this step, its geometry and fixed part, then the warm start (last step's
    /// `velocityChange`). Axial rows follow b2DistanceJoint: no direction (and no row) while the
    /// points are within the slop, so an item on a zero-length spring coasts once it is within
    /// 0.5 pt of the anchor, as in 2.3.
    mutating func initVelocityConstraints(_ context: StepContext) {
        if slot == 0 { return }
        row = DistanceRow.uikit(settings, h: context.h)
        let bodies = context.bodies
        let separation = bodies[slot].position - anchor
        switch row {
        case .uikitPin:
            bodies[slot].velocity += velocityChange
        default:
            let (u, distance) = separation.normalizedWithLength
            let hasAxis = distance > UIKitConstants.linearSlop
            axis = hasAxis ? u : .zero
            if !hasAxis { velocityChange = .zero }
            if case .uikitSpring(let spring) = row {
                bias = Vec2(spring.biasRate * (distance - settings.length), 0)
            } else {
                bias = Vec2(0, 0)
            }
            bodies[slot].velocity += velocityChange.x * axis
        }
    }

    /// Springs are the soft row, rods the rigid row without bias.
    mutating func solveVelocity(_ context: StepContext) {
        if slot == 0 { return }
        let bodies = context.bodies
        let v = bodies[slot].velocity
        switch row {
        case .uikitSpring(let spring):
            let u = axis
            let delta = -spring.implicitScale * (u.dot(v) + bias.x + spring.gamma * velocityChange.x)
            velocityChange.x += delta
            bodies[slot].velocity = v + delta * u
        case .uikitPin:
            velocityChange += -1 * v
            bodies[slot].velocity = .zero
        case .uikitRod:
            let u = axis
            let delta = -u.dot(v)
            velocityChange.x += delta
            bodies[slot].velocity = v + delta * u
        default:
            preconditionFailure("an accurate-clock row on the UIKit clock")
        }
    }

    /// The rods' position correction (soft springs have none, as in 2.3).
    mutating func solvePosition(_ context: StepContext) -> Bool {
        if slot == 0 { return true }
        let bodies = context.bodies
        let separation = bodies[slot].position - anchor
        switch row {
        case .uikitPin:
            // b2RevoluteJoint's point row: the whole error at once.
            let solved = separation.length <= UIKitConstants.linearSlop
            bodies[slot].position = anchor
            return solved
        case .uikitRod:
            // b2DistanceJoint's rigid row: the error, clamped, along the current direction.
            let (u, distance) = separation.normalizedWithLength
            if distance == 0 { return true }
            let max = UIKitConstants.maxLinearCorrection
            let c = Swift.min(Swift.max(distance - settings.length, -max), max)
            bodies[slot].position -= c * u
            return abs(c) <= UIKitConstants.linearSlop
        default:
            return true
        }
    }
}
