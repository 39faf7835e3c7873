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
        if count == 2, solveNormalBlock(&p0, &p1, bodies, h: h, useBias: useBias) {
            // Both points at once: a face landing flat pushes back evenly, with no spurious spin.
        } else {
            if count > 0 { solveNormal(&p0, bodies, h: h, useBias: useBias) }
            if count > 1 { solveNormal(&p1, bodies, h: h, useBias: useBias) }
        }
        if count > 0 { solveFriction(&p0, bodies) }
        if count > 1 { solveFriction(&p1, bodies) }
        (point0, point1) = (p0, p1)
    }

    /// After the substeps: bounce by the mixed elasticity where the approach was fast enough.
    mutating func applyRestitution(_ bodies: UnsafeMutableBufferPointer<BodyState>) {
        if restitution == 0 { return }
        if manifold.pointCount == 2,
            point0.relativeVelocity < -ContactConstants.restitutionThreshold, point0.maxNormalImpulse > 0,
            point1.relativeVelocity < -ContactConstants.restitutionThreshold, point1.maxNormalImpulse > 0
        {
            // Both points bounce together (block solve), so a flat landing bounces without spin.
            var (p0, p1) = (point0, point1)
            let v0 = manifold.normal.dot(relativeVelocity(p0, bodies))
            let v1 = manifold.normal.dot(relativeVelocity(p1, bodies))
            if blockSolve(&p0, &p1, (v0, restitution * p0.relativeVelocity, 1, 0), (v1, restitution * p1.relativeVelocity, 1, 0), bodies) {
                (point0, point1) = (p0, p1)
                return
            }
        }
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

    /// The normal row of one point: its current separation, the velocity its separation changes
    /// with, and the bias, mass and impulse scales of the soft (or speculative, or relaxed) row.
    private func normalRow(
        _ state: ContactPointState, _ a: BodyState, _ b: BodyState, h: Double, useBias: Bool
    ) -> (vn: Double, bias: Double, massScale: Double, impulseScale: Double) {
        let normal = manifold.normal
        let rA = rotationA.relative(to: a.rotation).rotate(state.anchorA)
        let rB = rotationB.relative(to: b.rotation).rotate(state.anchorB)
        let d = ((b.position - positionB) + rB) - ((a.position - positionA) + rA)
        let separation = normal.dot(d) + state.baseSeparation
        let relative =
            (b.velocity + state.anchorB.crossed(byScalar: b.angularVelocity))
            - (a.velocity + state.anchorA.crossed(byScalar: a.angularVelocity))
        var vn = normal.dot(relative)
        if useBias {
            let smooth =
                (b.smoothVelocityChange + state.anchorB.crossed(byScalar: b.smoothAngularVelocityChange))
                - (a.smoothVelocityChange + state.anchorA.crossed(byScalar: a.smoothAngularVelocityChange))
            vn -= 0.5 * normal.dot(smooth)
        }
        if separation > 0 { return (vn, separation / h, 1, 0) }
        if useBias {
            let bias = max(softness.biasRate * separation, -ContactConstants.maxPushOutSpeed)
            return (vn, bias, softness.massScale, softness.impulseScale)
        }
        return (vn, 0, 1, 0)
    }

    /// Box2D 2.3's block solver adapted to soft rows: the two normal impulses are solved together
    /// as a 2×2 linear complementarity problem, `(K + Γ)·x = K·λ − (v + bias)`, x ≥ 0, where Γ
    /// holds each row's softness (γᵢ = Kᵢᵢ·impulseScale/massScale). Returns false when the two
    /// rows are nearly parallel (ill-conditioned), so the caller solves them one by one.
    private func solveNormalBlock(
        _ p0: inout ContactPointState, _ p1: inout ContactPointState, _ bodies: UnsafeMutableBufferPointer<BodyState>,
        h: Double, useBias: Bool
    ) -> Bool {
        let row0 = normalRow(p0, bodies[slotA], bodies[slotB], h: h, useBias: useBias)
        let row1 = normalRow(p1, bodies[slotA], bodies[slotB], h: h, useBias: useBias)
        return blockSolve(&p0, &p1, row0, row1, bodies)
    }

    fileprivate func blockSolve(
        _ p0: inout ContactPointState, _ p1: inout ContactPointState,
        _ row0: (vn: Double, bias: Double, massScale: Double, impulseScale: Double),
        _ row1: (vn: Double, bias: Double, massScale: Double, impulseScale: Double),
        _ bodies: UnsafeMutableBufferPointer<BodyState>
    ) -> Bool {
        let normal = manifold.normal
        let rn0A = p0.anchorA.cross(normal)
        let rn0B = p0.anchorB.cross(normal)
        let rn1A = p1.anchorA.cross(normal)
        let rn1B = p1.anchorB.cross(normal)
        let mass = inverseMassA + inverseMassB
        let k11 = mass + inverseInertiaA * rn0A * rn0A + inverseInertiaB * rn0B * rn0B
        let k22 = mass + inverseInertiaA * rn1A * rn1A + inverseInertiaB * rn1B * rn1B
        let k12 = mass + inverseInertiaA * rn0A * rn1A + inverseInertiaB * rn0B * rn1B
        guard k11 * k11 < 1000 * (k11 * k22 - k12 * k12) else { return false }
        let g0 = row0.massScale > 0 ? k11 * row0.impulseScale / row0.massScale : 0
        let g1 = row1.massScale > 0 ? k22 * row1.impulseScale / row1.massScale : 0
        let (l0, l1) = (p0.normalImpulse, p1.normalImpulse)
        // b = v + bias − K·λ, the row velocities with the accumulated impulses taken out.
        let b0 = row0.vn + row0.bias - (k11 * l0 + k12 * l1)
        let b1 = row1.vn + row1.bias - (k12 * l0 + k22 * l1)
        let s11 = k11 + g0
        let s22 = k22 + g1
        var x: (Double, Double)
        let det = s11 * s22 - k12 * k12
        let both = ((-s22 * b0 + k12 * b1) / det, (k12 * b0 - s11 * b1) / det)
        if both.0 >= 0 && both.1 >= 0 {
            x = both
        } else if -b0 / s11 >= 0 && k12 * (-b0 / s11) + b1 >= 0 {
            x = (-b0 / s11, 0)
        } else if -b1 / s22 >= 0 && k12 * (-b1 / s22) + b0 >= 0 {
            x = (0, -b1 / s22)
        } else if b0 >= 0 && b1 >= 0 {
            x = (0, 0)
        } else {
            return false
        }
        apply((x.0 - l0) * normal, p0, bodies)
        apply((x.1 - l1) * normal, p1, bodies)
        p0.normalImpulse = x.0
        p1.normalImpulse = x.1
        p0.maxNormalImpulse = max(p0.maxNormalImpulse, x.0)
        p1.maxNormalImpulse = max(p1.maxNormalImpulse, x.1)
        return true
    }

    private func solveNormal(
        _ state: inout ContactPointState, _ bodies: UnsafeMutableBufferPointer<BodyState>, h: Double, useBias: Bool
    ) {
        let row = normalRow(state, bodies[slotA], bodies[slotB], h: h, useBias: useBias)
        let impulse = -state.normalMass * row.massScale * (row.vn + row.bias) - row.impulseScale * state.normalImpulse
        let newImpulse = max(state.normalImpulse + impulse, 0)
        let applied = newImpulse - state.normalImpulse
        state.normalImpulse = newImpulse
        state.maxNormalImpulse = max(state.maxNormalImpulse, newImpulse)
        apply(applied * manifold.normal, state, bodies)
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

// MARK: UIKit (Box2D 2.3) solver

extension Contact {
    /// Once per step, after velocities are integrated (b2ContactSolver's initialization): the
    /// accurate pipeline's geometry and masses, then each point's velocity bias. A touching point
    /// approaching faster than the velocity threshold gets 2.3's restitution bias
    /// `−e·v_rel` from the relative velocity before the solve; a point still apart (a
    /// speculative point of the shared discovery, which 2.3 would not have yet) may close its
    /// gap within the step and no more, bias `−separation/h`.
    mutating func prepareUIKit(
        slotA: Int, slotB: Int, _ bodies: UnsafeMutableBufferPointer<BodyState>,
        _ properties: UnsafeMutableBufferPointer<BodyProperties>, h: Double
    ) {
        prepare(slotA: slotA, slotB: slotB, bodies, properties, h: h)
        let normal = manifold.normal
        func bias(_ state: inout ContactPointState) {
            let separation = state.baseSeparation + normal.dot(state.anchorB - state.anchorA)
            if separation > 0 {
                state.velocityBias = -separation / h
            } else if state.relativeVelocity < -UIKitConstants.velocityThreshold {
                state.velocityBias = -restitution * state.relativeVelocity
            } else {
                state.velocityBias = 0
            }
        }
        if manifold.pointCount > 0 { bias(&point0) }
        if manifold.pointCount > 1 { bias(&point1) }
    }

    /// One velocity iteration (b2ContactSolver::SolveVelocityConstraints): friction first, then
    /// the normal rows `λ = −m_n·(v_n − velocityBias)`, accumulated λ ≥ 0, two points together by
    /// the block solver when the manifold is well conditioned.
    mutating func solveVelocityUIKit(_ bodies: UnsafeMutableBufferPointer<BodyState>) {
        var (p0, p1) = (point0, point1)
        let count = manifold.pointCount
        let normal = manifold.normal
        if count > 0 { solveFriction(&p0, bodies) }
        if count > 1 { solveFriction(&p1, bodies) }
        func row(_ state: ContactPointState) -> (vn: Double, bias: Double, massScale: Double, impulseScale: Double) {
            (normal.dot(relativeVelocity(state, bodies)), -state.velocityBias, 1, 0)
        }
        if count == 2, blockSolve(&p0, &p1, row(p0), row(p1), bodies) {
            // Both points at once.
        } else {
            func solveNormal(_ state: inout ContactPointState) {
                let vn = normal.dot(relativeVelocity(state, bodies))
                let newImpulse = max(state.normalImpulse - state.normalMass * (vn - state.velocityBias), 0)
                let applied = newImpulse - state.normalImpulse
                state.normalImpulse = newImpulse
                apply(applied * normal, state, bodies)
            }
            if count > 0 { solveNormal(&p0) }
            if count > 1 { solveNormal(&p1) }
        }
        (point0, point1) = (p0, p1)
    }

    /// One position iteration (b2ContactSolver::SolvePositionConstraints), point by point from
    /// the current positions: `C = clamp(0.2·(s + slop), −maxCorrection, 0)`, `P = −C/K·n`
    /// applied to positions and rotations. The normal keeps its direction from the start of the
    /// step (2.3 turns it with the reference body). Returns the smallest separation seen.
    mutating func solvePositionUIKit(_ bodies: UnsafeMutableBufferPointer<BodyState>) -> Double {
        let normal = manifold.normal
        var minSeparation = 0.0
        func correct(_ state: ContactPointState) {
            let a = bodies[slotA]
            let b = bodies[slotB]
            let rA = rotationA.relative(to: a.rotation).rotate(state.anchorA)
            let rB = rotationB.relative(to: b.rotation).rotate(state.anchorB)
            let d = ((b.position - positionB) + rB) - ((a.position - positionA) + rA)
            let separation = normal.dot(d) + state.baseSeparation
            minSeparation = min(minSeparation, separation)
            let c = min(max(UIKitConstants.baumgarte * (separation + UIKitConstants.linearSlop),
                            -UIKitConstants.maxLinearCorrection), 0)
            if c == 0 { return }
            let rnA = rA.cross(normal)
            let rnB = rB.cross(normal)
            let k = inverseMassA + inverseMassB + inverseInertiaA * rnA * rnA + inverseInertiaB * rnB * rnB
            if k <= 0 { return }
            let p = (-c / k) * normal
            bodies[slotA].correct(by: -inverseMassA * p, turn: -inverseInertiaA * rA.cross(p))
            bodies[slotB].correct(by: inverseMassB * p, turn: inverseInertiaB * rB.cross(p))
        }
        if manifold.pointCount > 0 { correct(point0) }
        if manifold.pointCount > 1 { correct(point1) }
        return minSeparation
    }
}
