/// The stepping pipeline, Box2D v3's "soft step" with one change: smooth forces (gravity,
/// pushes, resistance, springs) are integrated with the trapezoidal rule instead of symplectic
/// Euler, which makes springs second-order accurate. Per step: contacts are found and their
/// rows prepared; then per substep of length h:
///
/// 1. integrate velocities (forces, resistance), recording the change as smooth;
/// 2. joints: begin the substep (anchor springs run their whole biased pass here), warm start,
///    solve with bias; then contacts: warm start, solve with bias;
/// 3. integrate positions: `p += h·(v − ½·Δv_smooth)`, and clear the smooth record;
/// 4. relax joints and contacts (rigid rows without bias, springs unchanged);
///
/// and after the substeps the contacts' impulses are stored for the next step's warm start and
/// the rows that approached fast enough bounce (restitution).
///
/// Stages that cannot change anything are skipped: velocities are not integrated when no body
/// feels a force, and anchor springs skip their relax pass when nothing couples bodies (a lone
/// spring is already solved exactly by its first pass).
extension World {
    /// Advances the world by `timeStep` seconds in `substeps` equal substeps.
    public mutating func step(timeStep: Double, substeps: Int) {
        precondition(timeStep > 0 && substeps > 0, "step needs a positive time step and substep count")
        if solverKind == .uikit {
            stepUIKit(timeStep: timeStep)
            return
        }
        let h = timeStep / Double(substeps)
        guard beginStep(h: h) else { return }
        updateContacts(timeStep: timeStep)
        let isCoupled = joints.couplesBodies || !contacts.isEmpty
        let pairsRows = solvesContactPairs
        let fastest = StepContext.open(&states, &properties, h: h, hasForces: hasForces, isCoupled: isCoupled) { context in
            contactPlan.prepare(context, contacts: contacts, coloring: &contactColoring, pairsRows: pairsRows)
            var fastest = (linear: 0.0, angular: 0.0)
            for _ in 0..<substeps {
                if context.hasForces { Self.integrateVelocities(context) }
                joints.run(.beginSubstep, context)
                joints.run(.warmStart, context)
                joints.run(.solve, context)
                contactPlan.warmStart(context)
                contactPlan.solve(context)
                fastest = Self.integratePositions(context)
                joints.run(.relax, context)
                contactPlan.relax(context)
            }
            contactPlan.storeImpulses(into: &contacts)
            contactPlan.applyRestitution(context, contacts: &contacts)
            return fastest
        }
        updateRest(timeStep: timeStep, fastest: fastest)
    }

    @inline(__always)
    private static func integrateVelocities(_ context: StepContext) {
        let (bodies, props, h) = (context.bodies, context.properties, context.h)
        for i in 1..<bodies.count {
            let p = props[i]
            if p.inverseMass == 0 { continue }
            var s = bodies[i]
            let v = (s.velocity + h * (p.acceleration + p.inverseMass * p.force)) * p.linearResistanceFactor
            let w = (s.angularVelocity + h * p.inverseInertia * p.torque) * p.angularResistanceFactor
            s.smoothVelocityChange = v - s.velocity
            s.smoothAngularVelocityChange = w - s.angularVelocity
            s.velocity = v
            s.angularVelocity = w
            bodies[i] = s
        }
    }

    /// Moves every body; returns the largest squared speed and angular speed its position and
    /// rotation actually moved with (for rest detection: a resting stack can keep a tiny velocity
    /// that the contact rows cancel before it moves anything).
    @inline(__always)
    private static func integratePositions(_ context: StepContext) -> (linear: Double, angular: Double) {
        let (bodies, h) = (context.bodies, context.h)
        var fastest = (linear: 0.0, angular: 0.0)
        for i in 1..<bodies.count {
            var s = bodies[i]
            let moved = s.velocity - 0.5 * s.smoothVelocityChange
            s.position += h * moved
            let turned = s.angularVelocity - 0.5 * s.smoothAngularVelocityChange
            let dTheta = h * turned
            if dTheta != 0 { s.rotation = s.rotation.integrated(by: dTheta) }
            s.smoothVelocityChange = .zero
            s.smoothAngularVelocityChange = 0
            bodies[i] = s
            fastest.linear = max(fastest.linear, moved.lengthSquared)
            fastest.angular = max(fastest.angular, turned * turned)
        }
        return fastest
    }
}
