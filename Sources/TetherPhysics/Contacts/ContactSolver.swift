/// The contact rows, Box2D v3's soft-step contact solver with two changes: positions move by the
/// trapezoidal rule for smooth forces, so the rows look at the velocity a position will really
/// move with (`v − ½·Δv_smooth`); and the speculative distance grows with the approach speed
/// (see `World.updateContacts`), which is what keeps fast items from tunnelling through thin
/// boundaries.
///
/// Constants, in points (Box2D's meters × 100): contact stiffness 30 Hz with damping ratio 10
/// (60 Hz against immovable partners), push-out speed at most 300 pt/s, restitution only above
/// 100 pt/s of approach.
enum ContactConstants {
    static let hertz = 30.0
    static let dampingRatio = 10.0
    static let maxPushOutSpeed = 300.0
    static let restitutionThreshold = 100.0
    /// A contact "touches" (UIKit's began/ended callbacks) while a point is this close.
    static let touchingDistance = CollisionConstants.linearSlop
}

extension Contact {
    /// Once per step: body slots and masses, lever arms, effective masses, restitution speeds.
    mutating func prepare(
        slotA: Int, slotB: Int, _ bodies: UnsafeMutableBufferPointer<BodyState>,
        _ properties: UnsafeMutableBufferPointer<BodyProperties>, h: Double
    ) {
        self.slotA = slotA
        self.slotB = slotB
        let a = bodies[slotA]
        let b = bodies[slotB]
        inverseMassA = properties[slotA].inverseMass
        inverseMassB = properties[slotB].inverseMass
        inverseInertiaA = properties[slotA].inverseInertia
        inverseInertiaB = properties[slotB].inverseInertia
        positionA = a.position
        positionB = b.position
        rotationA = a.rotation
        rotationB = b.rotation
        let contactHertz = min(ContactConstants.hertz, 0.125 / h)
        let immovable = inverseMassA == 0 || inverseMassB == 0
        softness = Softness(hertz: immovable ? 2 * contactHertz : contactHertz, zeta: ContactConstants.dampingRatio, h: h)
        let normal = manifold.normal
        let tangent = Vec2(normal.y, -normal.x)
        func preparePoint(_ state: inout ContactPointState, _ point: ManifoldPoint) {
            state.anchorA = point.anchorA
            state.anchorB = point.anchorB
            state.id = point.id
            // Separation less the anchors' part: adding the anchors' current offset gives the
            // separation after the bodies have moved (Box2D v3's adjusted separation).
            state.baseSeparation = point.separation - normal.dot(point.anchorB - point.anchorA)
            let rnA = point.anchorA.cross(normal)
            let rnB = point.anchorB.cross(normal)
            let kNormal = inverseMassA + inverseMassB + inverseInertiaA * rnA * rnA + inverseInertiaB * rnB * rnB
            state.normalMass = kNormal > 0 ? 1 / kNormal : 0
            let rtA = point.anchorA.cross(tangent)
            let rtB = point.anchorB.cross(tangent)
            let kTangent = inverseMassA + inverseMassB + inverseInertiaA * rtA * rtA + inverseInertiaB * rtB * rtB
            state.tangentMass = kTangent > 0 ? 1 / kTangent : 0
            let relative =
                (b.velocity + point.anchorB.crossed(byScalar: b.angularVelocity))
                - (a.velocity + point.anchorA.crossed(byScalar: a.angularVelocity))
            state.relativeVelocity = normal.dot(relative)
            state.maxNormalImpulse = 0
        }
        if manifold.pointCount > 0 { preparePoint(&point0, manifold[0]) }
        if manifold.pointCount > 1 { preparePoint(&point1, manifold[1]) }
    }

    func warmStart(_ bodies: UnsafeMutableBufferPointer<BodyState>) {
        let normal = manifold.normal
        let tangent = Vec2(normal.y, -normal.x)
        if manifold.pointCount > 0 { apply(point0.normalImpulse * normal + point0.tangentImpulse * tangent, point0, bodies) }
        if manifold.pointCount > 1 { apply(point1.normalImpulse * normal + point1.tangentImpulse * tangent, point1, bodies) }
    }

    /// One pass of the normal rows then the friction rows. `useBias` false is the relax pass.
    mutating func solve(_ bodies: UnsafeMutableBufferPointer<BodyState>, h: Double, useBias: Bool) {
        var (p0, p1) = (point0, point1)
        let count = manifold.pointCount
        if count > 0 { solveNormal(&p0, bodies, h: h, useBias: useBias) }
        if count > 1 { solveNormal(&p1, bodies, h: h, useBias: useBias) }
        if count > 0 { solveFriction(&p0, bodies) }
        if count > 1 { solveFriction(&p1, bodies) }
        (point0, point1) = (p0, p1)
    }

    /// After the substeps: bounce by the mixed elasticity where the approach was fast enough.
    mutating func applyRestitution(_ bodies: UnsafeMutableBufferPointer<BodyState>) {
        if restitution == 0 { return }
        func restitute(_ state: inout ContactPointState) {
            guard state.relativeVelocity < -ContactConstants.restitutionThreshold, state.maxNormalImpulse > 0 else { return }
            let vn = manifold.normal.dot(relativeVelocity(state, bodies))
            let impulse = -state.normalMass * (vn + restitution * state.relativeVelocity)
            let newImpulse = max(state.normalImpulse + impulse, 0)
            apply((newImpulse - state.normalImpulse) * manifold.normal, state, bodies)
            state.normalImpulse = newImpulse
            state.maxNormalImpulse = max(state.maxNormalImpulse, newImpulse)
        }
        var (p0, p1) = (point0, point1)
        if manifold.pointCount > 0 { restitute(&p0) }
        if manifold.pointCount > 1 { restitute(&p1) }
        (point0, point1) = (p0, p1)
    }

    // MARK: Rows

    private func solveNormal(
        _ state: inout ContactPointState, _ bodies: UnsafeMutableBufferPointer<BodyState>, h: Double, useBias: Bool
    ) {
        let a = bodies[slotA]
        let b = bodies[slotB]
        let normal = manifold.normal
        // Current separation from the bodies' displacement since the step began.
        let rA = rotationA.relative(to: a.rotation).rotate(state.anchorA)
        let rB = rotationB.relative(to: b.rotation).rotate(state.anchorB)
        let d = ((b.position - positionB) + rB) - ((a.position - positionA) + rA)
        let separation = normal.dot(d) + state.baseSeparation
        var vn = normal.dot(relativeVelocity(state, bodies))
        var bias = 0.0
        var massScale = 1.0
        var impulseScale = 0.0
        if useBias {
            // The velocity the separation will change with this substep.
            let smooth =
                (b.smoothVelocityChange + state.anchorB.crossed(byScalar: b.smoothAngularVelocityChange))
                - (a.smoothVelocityChange + state.anchorA.crossed(byScalar: a.smoothAngularVelocityChange))
            vn -= 0.5 * normal.dot(smooth)
        }
        if separation > 0 {
            // Speculative: allow closing exactly to touching within the substep.
            bias = separation / h
        } else if useBias {
            bias = max(softness.biasRate * separation, -ContactConstants.maxPushOutSpeed)
            massScale = softness.massScale
            impulseScale = softness.impulseScale
        }
        let impulse = -state.normalMass * massScale * (vn + bias) - impulseScale * state.normalImpulse
        let newImpulse = max(state.normalImpulse + impulse, 0)
        let applied = newImpulse - state.normalImpulse
        state.normalImpulse = newImpulse
        state.maxNormalImpulse = max(state.maxNormalImpulse, newImpulse)
        apply(applied * normal, state, bodies)
    }

    private func solveFriction(_ state: inout ContactPointState, _ bodies: UnsafeMutableBufferPointer<BodyState>) {
        let normal = manifold.normal
        let tangent = Vec2(normal.y, -normal.x)
        let vt = tangent.dot(relativeVelocity(state, bodies))
        let limit = friction * state.normalImpulse
        let newImpulse = min(max(state.tangentImpulse - state.tangentMass * vt, -limit), limit)
        let applied = newImpulse - state.tangentImpulse
        state.tangentImpulse = newImpulse
        apply(applied * tangent, state, bodies)
    }

    private func relativeVelocity(_ state: ContactPointState, _ bodies: UnsafeMutableBufferPointer<BodyState>) -> Vec2 {
        let a = bodies[slotA]
        let b = bodies[slotB]
        return (b.velocity + state.anchorB.crossed(byScalar: b.angularVelocity))
            - (a.velocity + state.anchorA.crossed(byScalar: a.angularVelocity))
    }

    /// Applies an impulse at the point: −p to A, +p to B. Contact impulses are not smooth.
    private func apply(_ p: Vec2, _ state: ContactPointState, _ bodies: UnsafeMutableBufferPointer<BodyState>) {
        if p.x == 0 && p.y == 0 { return }
        bodies[slotA].velocity -= inverseMassA * p
        bodies[slotA].angularVelocity -= inverseInertiaA * state.anchorA.cross(p)
        bodies[slotB].velocity += inverseMassB * p
        bodies[slotB].angularVelocity += inverseInertiaB * state.anchorB.cross(p)
    }
}
