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
        if manifold.pointCount > 1 {
            preparePoint(&point1, manifold[1])
            let rn0A = point0.anchorA.cross(normal)
            let rn0B = point0.anchorB.cross(normal)
            let rn1A = point1.anchorA.cross(normal)
            let rn1B = point1.anchorB.cross(normal)
            let mass = inverseMassA + inverseMassB
            k11 = mass + inverseInertiaA * rn0A * rn0A + inverseInertiaB * rn0B * rn0B
            k22 = mass + inverseInertiaA * rn1A * rn1A + inverseInertiaB * rn1B * rn1B
            k12 = mass + inverseInertiaA * rn0A * rn1A + inverseInertiaB * rn0B * rn1B
            blockConditioned = k11 * k11 < 1000 * (k11 * k22 - k12 * k12)
        } else {
            blockConditioned = false
        }
    }

    func warmStart(_ bodies: UnsafeMutableBufferPointer<BodyState>) {
        let normal = manifold.normal
        let tangent = Vec2(normal.y, -normal.x)
        if manifold.pointCount > 0 { apply(point0.normalImpulse * normal + point0.tangentImpulse * tangent, point0, bodies) }
        if manifold.pointCount > 1 { apply(point1.normalImpulse * normal + point1.tangentImpulse * tangent, point1, bodies) }
    }

    /// One pass of the normal rows then the friction rows. `useBias` false is the relax pass.
    ///
    /// Works on local copies of the two bodies' velocities (written back once at the end): this
    /// loop runs a few hundred thousand times a second in a pile of boxes.
    mutating func solve(_ bodies: UnsafeMutableBufferPointer<BodyState>, h: Double, useBias: Bool) {
        let count = manifold.pointCount
        if count == 0 { return }
        let a = bodies[slotA]
        let b = bodies[slotB]
        var vA = a.velocity
        var wA = a.angularVelocity
        var vB = b.velocity
        var wB = b.angularVelocity
        let (mA, mB, iA, iB) = (inverseMassA, inverseMassB, inverseInertiaA, inverseInertiaB)
        let normal = manifold.normal
        let tangent = Vec2(normal.y, -normal.x)
        // The bodies' motion since the step began, for the current separation.
        let dqA = rotationA.relative(to: a.rotation)
        let dqB = rotationB.relative(to: b.rotation)
        let dp = (b.position - positionB) - (a.position - positionA)

        func row(_ p: ContactPointState) -> (vn: Double, bias: Double, massScale: Double, impulseScale: Double) {
            let d = dp + dqB.rotate(p.anchorB) - dqA.rotate(p.anchorA)
            let separation = normal.dot(d) + p.baseSeparation
            var vn = normal.dot((vB + p.anchorB.crossed(byScalar: wB)) - (vA + p.anchorA.crossed(byScalar: wA)))
            if useBias {
                // The velocity the separation will change with this substep.
                let smooth =
                    (b.smoothVelocityChange + p.anchorB.crossed(byScalar: b.smoothAngularVelocityChange))
                    - (a.smoothVelocityChange + p.anchorA.crossed(byScalar: a.smoothAngularVelocityChange))
                vn -= 0.5 * normal.dot(smooth)
            }
            if separation > 0 { return (vn, separation / h, 1, 0) }
            if useBias {
                return (vn, max(softness.biasRate * separation, -ContactConstants.maxPushOutSpeed), softness.massScale, softness.impulseScale)
            }
            return (vn, 0, 1, 0)
        }
        func push(_ impulse: Vec2, _ p: ContactPointState) {
            vA -= mA * impulse
            wA -= iA * p.anchorA.cross(impulse)
            vB += mB * impulse
            wB += iB * p.anchorB.cross(impulse)
        }
        func single(_ p: inout ContactPointState) {
            let r = row(p)
            let impulse = -p.normalMass * r.massScale * (r.vn + r.bias) - r.impulseScale * p.normalImpulse
            let newImpulse = max(p.normalImpulse + impulse, 0)
            push((newImpulse - p.normalImpulse) * normal, p)
            p.normalImpulse = newImpulse
            p.maxNormalImpulse = max(p.maxNormalImpulse, newImpulse)
        }

        var p0 = point0
        var p1 = point1
        if count == 2 && blockConditioned {
            // Both normal impulses at once (the 2×2 LCP; see `blockSolve`): a face landing flat
            // pushes back evenly, with no spurious spin.
            let r0 = row(p0)
            let r1 = row(p1)
            let g0 = r0.massScale > 0 ? k11 * r0.impulseScale / r0.massScale : 0
            let g1 = r1.massScale > 0 ? k22 * r1.impulseScale / r1.massScale : 0
            if let x = Self.complementarity(
                k11: k11 + g0, k12: k12, k22: k22 + g1,
                b0: r0.vn + r0.bias - (k11 * p0.normalImpulse + k12 * p1.normalImpulse),
                b1: r1.vn + r1.bias - (k12 * p0.normalImpulse + k22 * p1.normalImpulse))
            {
                push((x.0 - p0.normalImpulse) * normal, p0)
                push((x.1 - p1.normalImpulse) * normal, p1)
                p0.normalImpulse = x.0
                p1.normalImpulse = x.1
                p0.maxNormalImpulse = max(p0.maxNormalImpulse, x.0)
                p1.maxNormalImpulse = max(p1.maxNormalImpulse, x.1)
            } else {
                single(&p0)
                single(&p1)
            }
        } else {
            single(&p0)
            if count == 2 { single(&p1) }
        }
        func friction(_ p: inout ContactPointState) {
            let vt = tangent.dot((vB + p.anchorB.crossed(byScalar: wB)) - (vA + p.anchorA.crossed(byScalar: wA)))
            let limit = self.friction * p.normalImpulse
            let newImpulse = min(max(p.tangentImpulse - p.tangentMass * vt, -limit), limit)
            push((newImpulse - p.tangentImpulse) * tangent, p)
            p.tangentImpulse = newImpulse
        }
        friction(&p0)
        if count == 2 { friction(&p1) }
        point0 = p0
        point1 = p1
        bodies[slotA].velocity = vA
        bodies[slotA].angularVelocity = wA
        bodies[slotB].velocity = vB
        bodies[slotB].angularVelocity = wB
    }

    /// Solves `K·x = −b`, `x ≥ 0`, complementary, for a 2×2 K by trying the four cases in
    /// Box2D 2.3's order; nil when none fits (round-off), so the caller falls back.
    static func complementarity(k11: Double, k12: Double, k22: Double, b0: Double, b1: Double) -> (Double, Double)? {
        let det = k11 * k22 - k12 * k12
        let both = ((-k22 * b0 + k12 * b1) / det, (k12 * b0 - k11 * b1) / det)
        if both.0 >= 0 && both.1 >= 0 { return both }
        let first = -b0 / k11
        if first >= 0 && k12 * first + b1 >= 0 { return (first, 0) }
        let second = -b1 / k22
        if second >= 0 && k12 * second + b0 >= 0 { return (0, second) }
        if b0 >= 0 && b1 >= 0 { return (0, 0) }
        return nil
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



    fileprivate func blockSolve(
        _ p0: inout ContactPointState, _ p1: inout ContactPointState,
        _ row0: (vn: Double, bias: Double, massScale: Double, impulseScale: Double),
        _ row1: (vn: Double, bias: Double, massScale: Double, impulseScale: Double),
        _ bodies: UnsafeMutableBufferPointer<BodyState>
    ) -> Bool {
        guard blockConditioned else { return false }
        let normal = manifold.normal
        let g0 = row0.massScale > 0 ? k11 * row0.impulseScale / row0.massScale : 0
        let g1 = row1.massScale > 0 ? k22 * row1.impulseScale / row1.massScale : 0
        let (l0, l1) = (p0.normalImpulse, p1.normalImpulse)
        // b = v + bias − K·λ, the row velocities with the accumulated impulses taken out.
        let b0 = row0.vn + row0.bias - (k11 * l0 + k12 * l1)
        let b1 = row1.vn + row1.bias - (k12 * l0 + k22 * l1)
        guard let x = Self.complementarity(
            k11: k11 + g0, k12: k12, k22: k22 + g1, b0: b0, b1: b1) else { return false }
        apply((x.0 - l0) * normal, p0, bodies)
        apply((x.1 - l1) * normal, p1, bodies)
        p0.normalImpulse = x.0
        p1.normalImpulse = x.1
        p0.maxNormalImpulse = max(p0.maxNormalImpulse, x.0)
        p1.maxNormalImpulse = max(p1.maxNormalImpulse, x.1)
        return true
    }



    /// One Gauss–Seidel friction row, clamped by the point's normal impulse (UIKit solver).
    private func solveFriction(_ state: inout ContactPointState, _ bodies: UnsafeMutableBufferPointer<BodyState>) {
        let tangent = Vec2(manifold.normal.y, -manifold.normal.x)
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
