/// An attachment of a body's center to a fixed point in the world: the springy list's spring.
///
/// It is a `DistanceJoint` with no second body and no lever arm, which makes the effective mass
/// exactly the body's mass; the rows are then solved in velocity units with no mass at all, in a
/// compact array of their own. That is what lets 10 000 springs step at tens of millions of
/// item-frames per second. Anchor springs are solved first in every pass, before other joints.
@usableFromInline
struct AnchorSpring: Sendable {
    var id: JointID
    var body: BodyID
    var anchor: Vec2
    var length: Double
    var frequency: Double
    var dampingRatio: Double

    // Prepared once per step.
    var mode = DistanceJoint.Mode.pointSpring
    var slot = 0
    /// Springs: h·ω². Rods: the softness bias rate.
    var coefficientA = 0.0
    /// Springs: h·(h·ω²/4 + ζ·ω). Rods: the softness mass scale.
    var coefficientB = 0.0
    /// Springs: 1/(1 + coefficientB). Rods: the softness impulse scale.
    var coefficientC = 0.0

    // Prepared in the first pass of each substep.
    /// Springs: `stiffnessTerm·C₁ + dampingTerm·Ċ₁`. Rods: the position error C₁.
    var target = Vec2.zero
    var axis = Vec2.zero
    /// Velocity change this row applied during the substep.
    var impulse = Vec2.zero

    init(id: JointID, body: BodyID, anchor: Vec2, length: Double, frequency: Double, dampingRatio: Double) {
        self.id = id
        self.body = body
        self.anchor = anchor
        self.length = length
        self.frequency = frequency
        self.dampingRatio = dampingRatio
    }

    mutating func prepare(slot: Int, h: Double) {
        self.slot = slot
        let isSpring = frequency > 0
        mode = length == 0 ? (isSpring ? .pointSpring : .pointRod) : (isSpring ? .axialSpring : .axialRod)
        if isSpring {
            let coefficients = SpringCoefficients(frequency: frequency, dampingRatio: dampingRatio, h: h)
            coefficientA = coefficients.stiffnessTerm
            coefficientB = coefficients.dampingTerm
            coefficientC = 1 / (1 + coefficients.dampingTerm)
        } else {
            let softness = Softness.joint(h: h)
            coefficientA = softness.biasRate
            coefficientB = softness.massScale
            coefficientC = softness.impulseScale
        }
    }
}

// MARK: - Solver stages

extension AnchorSpring {
    /// One pass over all anchor springs. `first` starts the substep (targets from the state at
    /// its start); `relax` is the pass after positions were integrated (rods go rigid, and
    /// nothing is recorded as smooth any more).
    static func solve(
        _ springs: UnsafeMutableBufferPointer<AnchorSpring>, _ bodies: UnsafeMutableBufferPointer<BodyState>,
        first: Bool, relax: Bool
    ) {
        for k in springs.indices {
            let slot = springs[k].slot
            if slot == 0 { continue }  // the body is anchored: nothing moves it
            var body = bodies[slot]
            switch springs[k].mode {
            case .pointSpring:
                if first {
                    // v − Δv_smooth is the velocity the substep began with.
                    springs[k].target =
                        springs[k].coefficientA * (body.position - springs[k].anchor)
                        + springs[k].coefficientB * (body.velocity - body.smoothVelocityChange)
                    springs[k].impulse = .zero
                }
                let delta = -springs[k].coefficientC
                    * (springs[k].target + springs[k].coefficientB * body.velocity + springs[k].impulse)
                springs[k].impulse += delta
                body.velocity += delta
                if !relax { body.smoothVelocityChange += delta }
            case .axialSpring:
                if first {
                    let (u, distance) = (body.position - springs[k].anchor).normalizedWithLength
                    springs[k].axis = u
                    springs[k].impulse = .zero
                    let startSpeed = u.dot(body.velocity - body.smoothVelocityChange)
                    springs[k].target = Vec2(
                        distance > 0 ? springs[k].coefficientA * (distance - springs[k].length)
                            + springs[k].coefficientB * startSpeed : 0, 0)
                }
                let u = springs[k].axis
                let delta = -springs[k].coefficientC
                    * (springs[k].target.x + springs[k].coefficientB * u.dot(body.velocity) + springs[k].impulse.x)
                springs[k].impulse.x += delta
                body.velocity += delta * u
                if !relax { body.smoothVelocityChange += delta * u }
            case .pointRod:
                if first {
                    springs[k].target = body.position - springs[k].anchor
                    springs[k].impulse = .zero
                }
                var cdot = body.velocity
                var massScale = 1.0
                var impulseScale = 0.0
                if !relax {
                    // The velocity the position will move with: smooth changes count half.
                    cdot = cdot - 0.5 * body.smoothVelocityChange + springs[k].coefficientA * springs[k].target
                    massScale = springs[k].coefficientB
                    impulseScale = springs[k].coefficientC
                }
                let delta = -massScale * cdot - impulseScale * springs[k].impulse
                springs[k].impulse += delta
                body.velocity += delta
            case .axialRod:
                if first {
                    let (u, distance) = (body.position - springs[k].anchor).normalizedWithLength
                    springs[k].axis = u
                    springs[k].target = Vec2(distance > 0 ? distance - springs[k].length : 0, 0)
                    springs[k].impulse = .zero
                }
                let u = springs[k].axis
                var cdot = u.dot(body.velocity)
                var massScale = 1.0
                var impulseScale = 0.0
                if !relax {
                    cdot = cdot - 0.5 * u.dot(body.smoothVelocityChange) + springs[k].coefficientA * springs[k].target.x
                    massScale = springs[k].coefficientB
                    impulseScale = springs[k].coefficientC
                }
                let delta = -massScale * cdot - impulseScale * springs[k].impulse.x
                springs[k].impulse.x += delta
                body.velocity += delta * u
            }
            bodies[slot] = body
        }
    }
}

// MARK: UIKit (Box2D 2.3) solver

extension AnchorSpring {
    /// Once per step, after velocities are integrated: the row's geometry and soft coefficients,
    /// then the warm start (last step's impulse, kept in `impulse`).
    /// Springs: coefficientA = h·ω²·γ' (bias per point of error), coefficientB = γ',
    /// coefficientC = 1/(1 + γ') (see `UIKitConstants.softRow`). The effective mass of the row
    /// is the body's mass, so everything is in velocity units. Axial rows follow b2DistanceJoint:
    /// no direction (and no row) while the points are within the slop, so an item on a
    /// zero-length spring coasts (drifts) once it is within 0.5 pt of the anchor, as in 2.3.
    static func prepareUIKit(
        _ springs: UnsafeMutableBufferPointer<AnchorSpring>, _ bodies: UnsafeMutableBufferPointer<BodyState>, h: Double
    ) {
        for k in springs.indices {
            let slot = springs[k].slot
            if slot == 0 { continue }
            let isSpring = springs[k].frequency > 0
            let length = springs[k].length
            // Springs are b2DistanceJoint's axial row at any length (a zero-length one too: its
            // axis is the current direction, and it rests while within the slop); a zero-length
            // rod is a pin (b2RevoluteJoint's point row).
            springs[k].mode = isSpring ? .axialSpring : (length == 0 ? .pointRod : .axialRod)
            if isSpring {
                let row = UIKitConstants.softRow(frequency: springs[k].frequency, dampingRatio: springs[k].dampingRatio, h: h)
                springs[k].coefficientA = row.biasRate
                springs[k].coefficientB = row.gamma
                springs[k].coefficientC = 1 / (1 + row.gamma)
            }
            let separation = bodies[slot].position - springs[k].anchor
            switch springs[k].mode {
            case .pointRod:
                bodies[slot].velocity += springs[k].impulse
            case .axialSpring, .axialRod, .pointSpring:  // (no point springs in this solver)
                let (u, distance) = separation.normalizedWithLength
                let hasAxis = distance > UIKitConstants.linearSlop
                springs[k].axis = hasAxis ? u : .zero
                if !hasAxis { springs[k].impulse = .zero }
                springs[k].target = Vec2(isSpring ? springs[k].coefficientA * (distance - length) : 0, 0)
                bodies[slot].velocity += springs[k].impulse.x * springs[k].axis
            }
        }
    }

    /// One velocity iteration: springs are the soft row, rods the rigid row without bias.
    static func solveVelocityUIKit(
        _ springs: UnsafeMutableBufferPointer<AnchorSpring>, _ bodies: UnsafeMutableBufferPointer<BodyState>
    ) {
        for k in springs.indices {
            let slot = springs[k].slot
            if slot == 0 { continue }
            let v = bodies[slot].velocity
            switch springs[k].mode {
            case .axialSpring, .pointSpring:  // (no point springs in this solver)
                let u = springs[k].axis
                let delta = -springs[k].coefficientC
                    * (u.dot(v) + springs[k].target.x + springs[k].coefficientB * springs[k].impulse.x)
                springs[k].impulse.x += delta
                bodies[slot].velocity = v + delta * u
            case .pointRod:
                springs[k].impulse += -1 * v
                bodies[slot].velocity = .zero
            case .axialRod:
                let u = springs[k].axis
                let delta = -u.dot(v)
                springs[k].impulse.x += delta
                bodies[slot].velocity = v + delta * u
            }
        }
    }

    /// One position iteration for the rods (soft springs have none): returns whether every rod
    /// was within the slop before its correction.
    static func solvePositionUIKit(
        _ springs: UnsafeMutableBufferPointer<AnchorSpring>, _ bodies: UnsafeMutableBufferPointer<BodyState>
    ) -> Bool {
        var solved = true
        for k in springs.indices {
            let slot = springs[k].slot
            if slot == 0 { continue }
            let separation = bodies[slot].position - springs[k].anchor
            switch springs[k].mode {
            case .pointSpring, .axialSpring:
                continue
            case .pointRod:
                // b2RevoluteJoint's point row: the whole error at once.
                solved = solved && separation.length <= UIKitConstants.linearSlop
                bodies[slot].position = springs[k].anchor
            case .axialRod:
                // b2DistanceJoint's rigid row: the error, clamped, along the current direction.
                let (u, distance) = separation.normalizedWithLength
                if distance == 0 { continue }
                let max = UIKitConstants.maxLinearCorrection
                let c = Swift.min(Swift.max(distance - springs[k].length, -max), max)
                solved = solved && abs(c) <= UIKitConstants.linearSlop
                bodies[slot].position -= c * u
            }
        }
        return solved
    }
}
