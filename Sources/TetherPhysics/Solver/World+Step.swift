/// The stepping pipeline, Box2D v3's "soft step" with one change: smooth forces (gravity,
/// pushes, resistance, springs) are integrated with the trapezoidal rule instead of symplectic
/// Euler, which makes springs second-order accurate. Per substep of length h:
///
/// 1. integrate velocities (forces, resistance), recording the change as smooth;
/// 2. solve the anchor springs, then prepare, warm start and solve the other joints (with bias),
///    each stage over every joint before the next (Box2D v3's order);
/// 3. integrate positions: `p += h·(v − ½·Δv_smooth)`, and clear the smooth record;
/// 4. relax the joints (rigid rows without bias, springs unchanged).
///
/// Stages that cannot change anything are skipped: velocities are not integrated when no body
/// feels a force, and the relax pass is skipped for anchor springs when nothing couples bodies
/// (a lone spring is already solved exactly by its first pass).
extension World {
    /// Advances the world by `timeStep` seconds in `substeps` equal substeps.
    public mutating func step(timeStep: Double, substeps: Int) {
        precondition(timeStep > 0 && substeps > 0, "step needs a positive time step and substep count")
        if solverKind == .uikit {
            stepUIKit(timeStep: timeStep)
            return
        }
        stepCount += 1
        if isPaused { return }
        bodyStepCount += bodyCount
        let h = timeStep / Double(substeps)
        let inverseH = 1 / h
        if preparedSubstep != h {
            hasForces = prepareBodies(h: h)
            prepareJoints(h: h)
            preparedSubstep = h
        }
        let hasForces = self.hasForces
        updateContacts(timeStep: timeStep)
        prepareContacts(h: h)
        let bodyCount = states.count
        let colorStarts = contactColoring.colorStarts
        let pairing = solvesContactPairs
        var plan = ContactSolvePlan()
        swap(&plan, &contactPlan)
        defer { swap(&plan, &contactPlan) }
        var bouncing: [Int] = []
        swap(&bouncing, &bouncingRows)
        defer { swap(&bouncing, &bouncingRows) }
        let isCoupled = !distanceJoints.isEmpty || !attachmentJoints.isEmpty || !contacts.isEmpty
        var fastest = (linear: 0.0, angular: 0.0)
        states.withUnsafeMutableBufferPointer { bodies in
            properties.withUnsafeMutableBufferPointer { props in
                anchorSprings.withUnsafeMutableBufferPointer { springs in
                    distanceJoints.withUnsafeMutableBufferPointer { joints in
                      contactConstraints.withUnsafeMutableBufferPointer { contacts in
                        plan.build(contacts, colorStarts: colorStarts, pairsRows: pairing)
                        for _ in 0..<substeps {
                            if hasForces { Self.integrateVelocities(bodies, props, count: bodyCount, h: h) }
                            AnchorSpring.solve(springs, bodies, first: true, relax: false)
                            for j in joints.indices { joints[j].prepareSubstep(bodies) }
                            attachmentJoints.prepareSubstep(bodies)
                            for j in joints.indices { joints[j].warmStart(bodies) }
                            attachmentJoints.warmStart(bodies)
                            for j in joints.indices { joints[j].solve(bodies, useBias: true) }
                            attachmentJoints.solve(bodies, useBias: true)
                            plan.warmStart(contacts, bodies)
                            plan.solve(contacts, bodies, inverseH: inverseH, useBias: true)
                            fastest = Self.integratePositions(bodies, count: bodyCount, h: h)
                            if isCoupled { AnchorSpring.solve(springs, bodies, first: false, relax: true) }
                            for j in joints.indices { joints[j].solve(bodies, useBias: false) }
                            attachmentJoints.solve(bodies, useBias: false)
                            plan.solve(contacts, bodies, inverseH: inverseH, useBias: false)
                        }
                        // Impulses to the contacts; only rows that approached fast enough can bounce.
                        self.contacts.withUnsafeMutableBufferPointer { persistent in
                            plan.finish(contacts, contacts: persistent, bouncing: &bouncing)
                            for c in bouncing {
                                contacts[c].applyRestitution(bodies)
                                persistent[contacts[c].contactIndex].impulse0 = contacts[c].impulse0
                                persistent[contacts[c].contactIndex].impulse1 = contacts[c].impulse1
                            }
                        }
                      }
                    }
                }
            }
        }
        updateRest(timeStep: timeStep, fastest: fastest)
    }

    /// Refreshes resistance factors for substep length h and tells whether any movable body
    /// feels a force (otherwise velocity integration is skipped).
    mutating func prepareBodies(h: Double) -> Bool {
        var hasForces = false
        for slot in 1..<properties.count {
            if properties[slot].factorsSubstep != h { properties[slot].updateResistanceFactors(h: h) }
            let p = properties[slot]
            if p.inverseMass > 0
                && (p.acceleration != .zero || p.force != .zero || p.torque != 0
                    || p.linearResistanceFactor != 1 || p.angularResistanceFactor != 1)
            {
                hasForces = true
            }
        }
        return hasForces
    }

    /// Builds this step's contact constraints (body slots, masses, rows for substep length h)
    /// in `contactConstraints`, in graph-color order (`ContactGraphColoring`).
    mutating func prepareContacts(h: Double) {
        // Rows are filled in place: the array only grows or shrinks to the contact count.
        if contactConstraints.count > contacts.count {
            contactConstraints.removeLast(contactConstraints.count - contacts.count)
        } else {
            contactConstraints.append(
                contentsOf: repeatElement(ContactConstraint(), count: contacts.count - contactConstraints.count))
        }
        // Slots as this step's discovery found them.
        func slotPair(_ contact: Contact) -> (Int, Int) { (Int(contact.slotA), Int(contact.slotB)) }
        properties.withUnsafeBufferPointer { props in
            func movable(_ slot: Int) -> Int? { props[slot].isMovable ? slot : nil }
            contactColoring.colorContacts(count: contacts.count, bodyCount: props.count) { i in
                let (a, b) = slotPair(contacts[i])
                return (movable(a), movable(b))
            }
        }
        if contacts.isEmpty { return }
        let order = contactColoring.order
        let softnesses = ContactSoftness(h: h)
        states.withUnsafeMutableBufferPointer { bodies in
            properties.withUnsafeMutableBufferPointer { props in
                contacts.withUnsafeBufferPointer { contacts in
                    contactConstraints.withUnsafeMutableBufferPointer { constraints in
                        for k in contacts.indices {
                            let index = Int(order[k])
                            let (a, b) = slotPair(contacts[index])
                            constraints[k].prepare(
                                contacts, index: index, slotA: a, slotB: b, bodies, props, softnesses: softnesses)
                        }
                    }
                }
            }
        }
    }

    /// Resolves joint bodies to slots and computes their coefficients for substep length h.
    mutating func prepareJoints(h: Double) {
        let slots = bodySlots
        properties.withUnsafeMutableBufferPointer { props in
            for j in anchorSprings.indices {
                let slot = Int(slots[Int(anchorSprings[j].body.rawValue)])
                anchorSprings[j].prepare(slot: props[slot].inverseMass > 0 ? slot : 0, h: h)
            }
            for j in distanceJoints.indices {
                let a = distanceJoints[j].bodyA.map { Int(slots[Int($0.rawValue)]) } ?? 0
                let b = Int(slots[Int(distanceJoints[j].bodyB.rawValue)])
                distanceJoints[j].prepare(slotA: a, slotB: b, properties: props, h: h)
            }
            attachmentJoints.prepare(bodySlots: slots, properties: props, h: h)
        }
    }

    @inline(__always)
    private static func integrateVelocities(
        _ bodies: UnsafeMutableBufferPointer<BodyState>, _ props: UnsafeMutableBufferPointer<BodyProperties>,
        count: Int, h: Double
    ) {
        for i in 1..<count {
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
    private static func integratePositions(
        _ bodies: UnsafeMutableBufferPointer<BodyState>, count: Int, h: Double
    ) -> (linear: Double, angular: Double) {
        var fastest = (linear: 0.0, angular: 0.0)
        for i in 1..<count {
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
