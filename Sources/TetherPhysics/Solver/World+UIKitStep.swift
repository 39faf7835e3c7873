/// Which stepping pipeline a world runs.
public enum SolverKind: String, Sendable, Hashable, CaseIterable {
    /// Tether's own pipeline (`World+Step.swift`): Box2D v3's soft step with substeps and
    /// trapezoidal springs; within 0.01 pt of the exact solution on a spring.
    case accurate
    /// What UIKit Dynamics runs: Box2D 2.3's formulation, one step per frame (substeps are
    /// ignored), 8 velocity and 3 position iterations, first-order soft springs.
    case uikit
}

/// Box2D 2.3's settings (b2Settings.h) in points (100 pt = 1 m) and its testbed's iteration counts.
enum UIKitConstants {
    static let velocityIterations = 8
    static let positionIterations = 3
    /// b2_linearSlop: the overlap contacts keep at rest and the joints' position tolerance.
    static let linearSlop = 0.5
    /// b2_angularSlop: 2°.
    static let angularSlop = 2 / 180 * DeterministicMath.pi
    /// b2_baumgarte: the share of a contact's overlap corrected per position iteration.
    static let baumgarte = 0.2
    /// b2_maxLinearCorrection: the largest position correction of one row and iteration.
    static let maxLinearCorrection = 20.0
    /// b2_maxAngularCorrection: 8°.
    static let maxAngularCorrection = 8 / 180 * DeterministicMath.pi
    /// b2_velocityThreshold: contacts approaching slower than this do not bounce.
    static let velocityThreshold = 100.0
    /// b2_maxTranslation: the farthest a body moves in one step.
    static let maxTranslation = 200.0
    /// b2_maxRotation: the largest turn of one step, π/2.
    static let maxRotation = 0.5 * DeterministicMath.pi

    /// 2.3's position correction of a joint coordinate held in `lower…upper`: how far outside the
    /// range it is, and the correction `C` that brings it back to within `slop` of the limit, at
    /// most `maxCorrection` per iteration (both 0 inside the range).
    static func limitCorrection(
        _ value: Double, lower: Double, upper: Double, slop: Double, maxCorrection: Double
    ) -> (error: Double, c: Double) {
        if value < lower { return (lower - value, min(max(value - lower + slop, -maxCorrection), 0)) }
        if value > upper { return (value - upper, min(max(value - upper - slop, 0), maxCorrection)) }
        return (0, 0)
    }
}

/// The UIKit pipeline, Box2D 2.3's `b2World::Step` at one step of length h per frame:
///
/// 1. contacts (`World+UIKitContacts.swift`): proxies for new colliding bodies and boundaries,
///    their new pairs, then every contact's manifold updated (2.3's narrow phase, with skins);
/// 2. integrate velocities: `v += h·(g + F/m)`, then damping `v *= 1/(1 + h·c)`;
/// 3. islands (`World+UIKitIslands.swift`) fix the contacts' order; prepare and warm start the
///    contacts (restitution becomes a velocity bias, from the relative velocity before the
///    solve), prepare and warm start the joints;
/// 4. 8 velocity iterations of {joints, contacts (friction, then normal with the 2-point block
///    solver)};
/// 5. integrate positions, symplectic Euler (`x += h·v`), the step's move clamped to 200 pt and
///    its turn to π/2;
/// 6. up to 3 position iterations (nonlinear Gauss–Seidel applied directly to positions) of
///    {contacts, rigid joint rows}, island by island, stopping once every row is within its slop;
/// 7. proxies follow the bodies, new pairs become contacts, and continuous collision
///    (`World+UIKitTOI.swift`) stops bodies that would pass into an immovable one at their time
///    of impact.
///
/// Soft springs have no position stage, as in 2.3. Every joint kind's 2.3 stages live in the
/// kind's own file, in an extension marked `UIKit (Box2D 2.3) solver`; the contact pipeline lives
/// in `UIKitClock/`.
extension World {
    mutating func stepUIKit(timeStep h: Double) {
        guard beginStep(h: h) else { return }
        uikitContacts.events.removeAll(keepingCapacity: true)
        syncUIKitProxies()
        findNewUIKitContacts()
        collideUIKit()
        let bodyCount = states.count
        uikitContacts.sweeps.removeAll(keepingCapacity: true)
        for slot in 0..<bodyCount {
            uikitContacts.sweeps.append(UIKitSweep(at: states[slot].position, states[slot].rotation))
        }
        let islands = uikitIslands()
        var constraints = makeUIKitConstraints(islands.contacts, warmStarting: true)
        let isCoupled = joints.couplesBodies || !constraints.isEmpty
        var bodies = takeStates()
        let fastest = StepContext.open(&bodies, &properties, h: h, hasForces: hasForces, isCoupled: isCoupled) { context in
            if context.hasForces { Self.integrateVelocitiesUIKit(context) }
            let bodies = context.bodies
            for c in constraints.indices { constraints[c].prepareVelocity(bodies) }
            for c in constraints.indices { constraints[c].warmStart(bodies) }
            joints.run(.initVelocityConstraints, context)

            // Islands share no moving body, so running each row kind over all islands at once
            // gives each island's Gauss–Seidel sequence unchanged.
            for _ in 0..<UIKitConstants.velocityIterations {
                joints.run(.solveVelocity, context)
                for c in constraints.indices { constraints[c].solveVelocity(bodies) }
            }
            for c in constraints.indices { constraints[c].storeImpulses(&uikitContacts.graph) }

            let fastest = Self.integratePositionsUIKit(context)
            Self.solvePositionsUIKit(context, &constraints, islands, &joints)
            return fastest
        }
        states = bodies
        for slot in 1..<bodyCount {
            uikitContacts.sweeps[slot].end(at: states[slot].position, states[slot].rotation)
        }
        for id in uikitContacts.bodyOrder.reversed() {
            if let slot = slot(of: id), properties[slot].isMovable { synchronizeUIKitProxy(slot: slot) }
        }
        findNewUIKitContacts()
        solveUIKitTOI(h: h)
        contactEvents.removeAll(keepingCapacity: true)
        // UIKit's callbacks of the step, in contact-key order (stable: a contact's own events
        // keep their order).
        let events = uikitContacts.events.enumerated().sorted { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }
        contactEvents.append(contentsOf: events.map(\.element.event))
        updateRest(timeStep: h, fastest: fastest)
    }

    /// The position iterations (nonlinear Gauss–Seidel on positions), island by island, each
    /// stopping once its rows are within the slop. Islands with joints are iterated together
    /// with every joint (exact when there is at most one such island).
    private static func solvePositionsUIKit(
        _ context: StepContext, _ constraints: inout [UIKitContactConstraint], _ islands: UIKitIslands,
        _ joints: inout JointStore
    ) {
        let bodies = context.bodies
        var jointIslandRows: [Int] = []
        for island in 0..<islands.count {
            let rows = islands.range(island)
            if islands.hasJoints[island] {
                jointIslandRows.append(contentsOf: rows)
                continue
            }
            for _ in 0..<UIKitConstants.positionIterations {
                var minSeparation = 0.0
                for c in rows { minSeparation = min(minSeparation, constraints[c].solvePosition(bodies)) }
                if minSeparation >= -3 * UIKitConstants.linearSlop { break }
            }
        }
        if islands.hasJoints.contains(true) {
            for _ in 0..<UIKitConstants.positionIterations {
                var minSeparation = 0.0
                for c in jointIslandRows { minSeparation = min(minSeparation, constraints[c].solvePosition(bodies)) }
                let jointsSolved = joints.solvePosition(context)
                if minSeparation >= -3 * UIKitConstants.linearSlop && jointsSolved { break }
            }
        }
    }

    /// The solver rows of the given contacts, in that order (b2ContactSolver's constructor).
    func makeUIKitConstraints(_ contacts: [Int], warmStarting: Bool) -> [UIKitContactConstraint] {
        var rows: [UIKitContactConstraint] = []
        rows.reserveCapacity(contacts.count)
        for c in contacts {
            let contact = uikitContacts.graph[c]
            let (slotA, slotB) = (uikitSlot(contact.bodyA), uikitSlot(contact.bodyB))
            rows.append(UIKitContactConstraint(
                contact: c, contact, slotA: slotA, slotB: slotB, properties[slotA], properties[slotB],
                radiusA: uikitContacts.broadPhase[contact.proxyA].shape.radius,
                radiusB: uikitContacts.broadPhase[contact.proxyB].shape.radius, warmStarting: warmStarting))
        }
        return rows
    }

    /// b2Island's velocity integration: forces first, then the Padé damping `1/(1 + h·c)`.
    private static func integrateVelocitiesUIKit(_ context: StepContext) {
        let (bodies, props, h) = (context.bodies, context.properties, context.h)
        for i in 1..<bodies.count {
            let p = props[i]
            if p.inverseMass == 0 { continue }
            var s = bodies[i]
            var v = s.velocity + h * (p.acceleration + p.inverseMass * p.force)
            var w = s.angularVelocity + h * p.inverseInertia * p.torque
            let linear = p.definition.linearResistance
            let angular = p.definition.angularResistance
            if linear != 0 { v = (1 / (1 + h * linear)) * v }
            if angular != 0 { w = (1 / (1 + h * angular)) * w }
            s.velocity = v
            s.angularVelocity = w
            bodies[i] = s
        }
    }

    /// Symplectic Euler with Box2D's per-step clamps; returns the largest squared speeds moved with.
    private static func integratePositionsUIKit(_ context: StepContext) -> (linear: Double, angular: Double) {
        let (bodies, h) = (context.bodies, context.h)
        var fastest = (linear: 0.0, angular: 0.0)
        let maxTranslation = UIKitConstants.maxTranslation
        let maxRotation = UIKitConstants.maxRotation
        for i in 1..<bodies.count {
            var s = bodies[i]
            let translation = h * s.velocity
            let squared = translation.lengthSquared
            if squared > maxTranslation * maxTranslation {
                s.velocity = (maxTranslation / squared.squareRoot()) * s.velocity
            }
            let rotation = h * s.angularVelocity
            if rotation * rotation > maxRotation * maxRotation {
                s.angularVelocity = (maxRotation / abs(rotation)) * s.angularVelocity
            }
            s.position += h * s.velocity
            let dTheta = h * s.angularVelocity
            if dTheta != 0 { s.rotation = s.rotation.integrated(by: dTheta) }
            bodies[i] = s
            fastest.linear = max(fastest.linear, s.velocity.lengthSquared)
            fastest.angular = max(fastest.angular, s.angularVelocity * s.angularVelocity)
        }
        return fastest
    }
}

extension BodyState {
    /// Moves the body by a position-level impulse's effect: NGS position correction.
    @inline(__always)
    mutating func correct(by offset: Vec2, turn: Double) {
        position += offset
        if turn != 0 { rotation = rotation.integrated(by: turn) }
    }
}
