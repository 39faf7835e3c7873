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
        // The step is timed for the workers' governor (whether helpers pay on this machine now).
        let workers = self.workers
        let started = workers.beginStep()
        defer { workers.endStep(started) }
        updateContacts(timeStep: timeStep)
        let isCoupled = joints.couplesBodies || !contacts.isEmpty
        let groupsRows = solvesContactQuads
        let rotationsKnownFinite = bodiesAreKnownFinite  // nothing has changed them since the last step
        let leftByLanes = bodiesAreKnownLaneReady
        var bodies = takeStates()
        let (fastest, allFinite, allInLanes) = StepContext.open(
            &bodies, &properties, h: h, hasForces: hasForces, isCoupled: isCoupled, workers: workers
        ) { context in
            contactPlan.prepare(context, contacts: contacts, groupsRows: groupsRows)
            var fastest = (linear: 0.0, angular: 0.0)
            var (allFinite, allInLanes) = (false, false)
            if !context.isCoupled && !springBySlot.isEmpty && stepsIndependentBodies {
                (fastest, allFinite, allInLanes) = joints.withAnchorSprings {
                    Self.stepIndependentBodies(
                        context, springs: $0, springBySlot, pointSpringRuns, substeps: substeps,
                        rotationsKnownFinite: rotationsKnownFinite, leftByLanes: leftByLanes)
                }
            } else if joints.isEmpty,
                let moved = contactPlan.runSubsteps(
                    context, substeps: substeps, integratesVelocities: context.hasForces, contacts: &contacts)
            {
                fastest = moved
            } else {
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
            }
            contactPlan.storeImpulses(into: &contacts)
            contactPlan.applyRestitution(context, contacts: &contacts)
            return (fastest, allFinite, allInLanes)
        }
        states = bodies
        // After the states are back: putting them back clears both.
        bodiesAreKnownFinite = allFinite
        bodiesAreKnownLaneReady = allInLanes
        updateRest(timeStep: timeStep, fastest: fastest)
    }

    /// Every body's velocity integration, in chunks of bodies on the step's workers.
    @inline(__always)
    static func integrateVelocities(_ context: StepContext) {
        let (bodies, props, h) = (context.bodies, context.properties, context.h)
        context.workers.forEachChunk(count: bodies.count - 1) { chunk in
            integrateVelocities((chunk.lowerBound + 1)..<(chunk.upperBound + 1), bodies, props, h: h)
        }
    }

    /// The velocity integration of the bodies in `slots` (one chunk of a stage or of a wave).
    @inline(__always)
    static func integrateVelocities(
        _ slots: Range<Int>, _ bodies: UnsafeMutableBufferPointer<BodyState>,
        _ properties: UnsafeMutableBufferPointer<BodyProperties>, h: Double
    ) {
        for i in slots { bodies[i].integrateVelocity(properties[i], h: h) }
    }

    /// Moves every body, in chunks of bodies on the step's workers; returns the largest squared
    /// speed and angular speed its position and rotation actually moved with (for rest
    /// detection: a resting stack can keep a tiny velocity that the contact rows cancel before it
    /// moves anything).
    @inline(__always)
    static func integratePositions(_ context: StepContext) -> (linear: Double, angular: Double) {
        let (bodies, h) = (context.bodies, context.h)
        return context.workers.reduceChunks(count: bodies.count - 1) { chunk in
            integratePositions((chunk.lowerBound + 1)..<(chunk.upperBound + 1), bodies, h: h)
        } combine: { Self.faster($0, $1) }
    }

    /// Moves the bodies in `slots` (one chunk of a stage or of a wave); returns the largest
    /// squared speeds they moved with.
    @inline(__always)
    static func integratePositions(
        _ slots: Range<Int>, _ bodies: UnsafeMutableBufferPointer<BodyState>, h: Double
    ) -> (linear: Double, angular: Double) {
        var fastest = (linear: 0.0, angular: 0.0)
        for i in slots { fastest = faster(fastest, bodies[i].integratePosition(h: h)) }
        return fastest
    }

    /// The larger squared speeds of two (the first argument first, as `max` takes them).
    @inline(__always)
    static func faster(
        _ a: (linear: Double, angular: Double), _ b: (linear: Double, angular: Double)
    ) -> (linear: Double, angular: Double) {
        (max(a.linear, b.linear), max(a.angular, b.angular))
    }
}

extension BodyState {
    /// Forces and resistance over h, the change recorded as smooth (a body that cannot move is
    /// left alone).
    @inline(__always)
    mutating func integrateVelocity(_ p: BodyProperties, h: Double) {
        if p.inverseMass == 0 { return }
        let v = (velocity + h * (p.acceleration + p.inverseMass * p.force)) * p.linearResistanceFactor
        let w = (angularVelocity + h * p.inverseInertia * p.torque) * p.angularResistanceFactor
        smoothVelocityChange = v - velocity
        smoothAngularVelocityChange = w - angularVelocity
        velocity = v
        angularVelocity = w
    }

    /// The trapezoidal position update `p += h·(v − ½·Δv_smooth)` (and the same for the
    /// rotation), clearing the smooth record; returns the squared speed and angular speed moved
    /// with.
    @inline(__always)
    mutating func integratePosition(h: Double) -> (linear: Double, angular: Double) {
        let moved = velocity - 0.5 * smoothVelocityChange
        position += h * moved
        let turned = angularVelocity - 0.5 * smoothAngularVelocityChange
        let dTheta = h * turned
        if dTheta != 0 { rotation = rotation.integrated(by: dTheta) }
        smoothVelocityChange = .zero
        smoothAngularVelocityChange = 0
        return (moved.lengthSquared, turned * turned)
    }
}
