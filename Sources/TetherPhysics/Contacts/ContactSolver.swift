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

extension ContactConstraint {
    // MARK: Soft step

    /// Applies last step's impulses (warm starting), −P to A and +P to B at each point.
    /// (Mutating only so that calling it on an array element does not copy the constraint.)
    @inline(__always)
    mutating func warmStart(_ bodies: UnsafeMutableBufferPointer<BodyState>) {
        let tangent = Vec2(normal.y, -normal.x)
        var (vA, wA) = (bodies[slotA].velocity, bodies[slotA].angularVelocity)
        var (vB, wB) = (bodies[slotB].velocity, bodies[slotB].angularVelocity)
        @inline(__always) func apply(_ point: ContactPointState) {
            let p = point.normalImpulse * normal + point.tangentImpulse * tangent
            vA -= inverseMassA * p
            wA -= inverseInertiaA * point.anchorA.cross(p)
            vB += inverseMassB * p
            wB += inverseInertiaB * point.anchorB.cross(p)
        }
        if pointCount > 0 { apply(point0) }
        if pointCount > 1 { apply(point1) }
        storeVelocities(vA, wA, vB, wB, bodies)
    }

    /// Writes the bodies' velocities back after a row worked on local copies; an immovable
    /// partner is never written, so rows that share only a boundary do not wait on each other.
    @inline(__always)
    private func storeVelocities(
        _ vA: Vec2, _ wA: Double, _ vB: Vec2, _ wB: Double, _ bodies: UnsafeMutableBufferPointer<BodyState>
    ) {
        if movesA {
            bodies[slotA].velocity = vA
            bodies[slotA].angularVelocity = wA
        }
        if movesB {
            bodies[slotB].velocity = vB
            bodies[slotB].angularVelocity = wB
        }
    }

    /// One pass of the normal rows then the friction rows. `useBias` false is the relax pass.
    ///
    /// This is the innermost loop of a pile of boxes (a few million rows a second), so it works
    /// on local copies of the two bodies' velocities, written back once, and on each row's
    /// precomputed angular parts (`normalArmA` …) rather than lever-arm velocity vectors.
    @inline(__always)
    mutating func solve(_ bodies: UnsafeMutableBufferPointer<BodyState>, inverseH: Double, useBias: Bool) {
        let a = bodies[slotA]
        let b = bodies[slotB]
        var vA = a.velocity
        var wA = a.angularVelocity
        var vB = b.velocity
        var wB = b.angularVelocity
        let (mA, mB, iA, iB) = (inverseMassA, inverseMassB, inverseInertiaA, inverseInertiaB)
        let normal = self.normal
        // The bodies' motion since the step began, for the current separation.
        let dqA = rotationA.relative(to: a.rotation)
        let dqB = rotationB.relative(to: b.rotation)
        let dp = (b.position - positionB) - (a.position - positionA)
        // With bias, rows aim at the velocity positions will move with, v − ½·Δv_smooth.
        let smoothLinear = useBias ? 0.5 * normal.dot(b.smoothVelocityChange - a.smoothVelocityChange) : 0
        let smoothA = useBias ? 0.5 * a.smoothAngularVelocityChange : 0
        let smoothB = useBias ? 0.5 * b.smoothAngularVelocityChange : 0
        let soft = softness

        /// The row's velocity and target: `(vn, bias, soft)`; a soft row uses the contact
        /// softness, a rigid one (speculative gap, or the relax pass) does not.
        @inline(__always)
        func normalRow(_ p: ContactPointState) -> (vn: Double, bias: Double, soft: Bool) {
            let d = dp + (dqB.rotate(p.anchorB) - dqA.rotate(p.anchorA))
            let separation = normal.dot(d) + p.baseSeparation
            var vn = normal.dot(vB - vA) + (wB * p.normalArmB - wA * p.normalArmA)
            if useBias { vn -= smoothLinear + (smoothB * p.normalArmB - smoothA * p.normalArmA) }
            if separation > 0 { return (vn, separation * inverseH, false) }
            if useBias { return (vn, max(soft.biasRate * separation, -ContactConstants.maxPushOutSpeed), true) }
            return (vn, 0, false)
        }
        @inline(__always)
        func pushNormal(_ impulse: Double, _ p: ContactPointState) {
            vA -= (mA * impulse) * normal
            wA -= iA * impulse * p.normalArmA
            vB += (mB * impulse) * normal
            wB += iB * impulse * p.normalArmB
        }
        @inline(__always)
        func single(_ p: inout ContactPointState) {
            let r = normalRow(p)
            let impulse = r.soft
                ? -p.normalMass * soft.massScale * (r.vn + r.bias) - soft.impulseScale * p.normalImpulse
                : -p.normalMass * (r.vn + r.bias)
            let newImpulse = max(p.normalImpulse + impulse, 0)
            pushNormal(newImpulse - p.normalImpulse, p)
            p.normalImpulse = newImpulse
            p.maxNormalImpulse = max(p.maxNormalImpulse, newImpulse)
        }

        if pointCount == 2 && blockConditioned {
            // Both normal impulses at once (the 2×2 LCP; see `complementarity`): a face landing
            // flat pushes back evenly, with no spurious spin.
            let r0 = normalRow(point0)
            let r1 = normalRow(point1)
            let (l0, l1) = (point0.normalImpulse, point1.normalImpulse)
            let (s0, s1) = (r0.soft ? blockSoftening0 : 0, r1.soft ? blockSoftening1 : 0)
            let inverseDeterminant =
                r0.soft == r1.soft
                ? (r0.soft ? inverseDeterminantSoft : inverseDeterminantRigid)
                : 1 / ((k11 + s0) * (k22 + s1) - k12 * k12)
            if let x = Self.complementarity(
                k11: k11 + s0, k12: k12, k22: k22 + s1,
                b0: r0.vn + r0.bias - (k11 * l0 + k12 * l1),
                b1: r1.vn + r1.bias - (k12 * l0 + k22 * l1), inverseDeterminant: inverseDeterminant)
            {
                pushNormal(x.0 - l0, point0)
                pushNormal(x.1 - l1, point1)
                point0.normalImpulse = x.0
                point1.normalImpulse = x.1
                point0.maxNormalImpulse = max(point0.maxNormalImpulse, x.0)
                point1.maxNormalImpulse = max(point1.maxNormalImpulse, x.1)
            } else {
                single(&point0)
                single(&point1)
            }
        } else {
            single(&point0)
            if pointCount == 2 { single(&point1) }
        }

        let tangent = Vec2(normal.y, -normal.x)
        @inline(__always)
        func friction(_ p: inout ContactPointState) {
            let vt = tangent.dot(vB - vA) + (wB * p.tangentArmB - wA * p.tangentArmA)
            let limit = self.friction * p.normalImpulse
            let newImpulse = min(max(p.tangentImpulse - p.tangentMass * vt, -limit), limit)
            let impulse = newImpulse - p.tangentImpulse
            vA -= (mA * impulse) * tangent
            wA -= iA * impulse * p.tangentArmA
            vB += (mB * impulse) * tangent
            wB += iB * impulse * p.tangentArmB
            p.tangentImpulse = newImpulse
        }
        friction(&point0)
        if pointCount == 2 { friction(&point1) }
        storeVelocities(vA, wA, vB, wB, bodies)
    }

    /// Solves `K·x = −b`, `x ≥ 0`, complementary, for a 2×2 K by trying the four cases in
    /// Box2D 2.3's order; nil when none fits (round-off), so the caller falls back.
    /// `inverseDeterminant` is `1/det K` when the caller has it at hand.
    @inline(__always)
    static func complementarity(
        k11: Double, k12: Double, k22: Double, b0: Double, b1: Double, inverseDeterminant: Double? = nil
    ) -> (Double, Double)? {
        let inverse = inverseDeterminant ?? 1 / (k11 * k22 - k12 * k12)
        let both = ((-k22 * b0 + k12 * b1) * inverse, (k12 * b0 - k11 * b1) * inverse)
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
        if pointCount == 2,
            point0.relativeVelocity < -ContactConstants.restitutionThreshold, point0.maxNormalImpulse > 0,
            point1.relativeVelocity < -ContactConstants.restitutionThreshold, point1.maxNormalImpulse > 0
        {
            // Both points bounce together (block solve), so a flat landing bounces without spin.
            var (p0, p1) = (point0, point1)
            let v0 = normal.dot(relativeVelocity(p0, bodies))
            let v1 = normal.dot(relativeVelocity(p1, bodies))
            if blockSolve(&p0, &p1, (v0, restitution * p0.relativeVelocity), (v1, restitution * p1.relativeVelocity), bodies) {
                (point0, point1) = (p0, p1)
                return
            }
        }
        func restitute(_ state: inout ContactPointState) {
            guard state.relativeVelocity < -ContactConstants.restitutionThreshold, state.maxNormalImpulse > 0 else { return }
            let vn = normal.dot(relativeVelocity(state, bodies))
            let impulse = -state.normalMass * (vn + restitution * state.relativeVelocity)
            let newImpulse = max(state.normalImpulse + impulse, 0)
            apply((newImpulse - state.normalImpulse) * normal, state, bodies)
            state.normalImpulse = newImpulse
            state.maxNormalImpulse = max(state.maxNormalImpulse, newImpulse)
        }
        var (p0, p1) = (point0, point1)
        if pointCount > 0 { restitute(&p0) }
        if pointCount > 1 { restitute(&p1) }
        (point0, point1) = (p0, p1)
    }

    // MARK: Restitution rows

    /// Both normal rows at once, rigid, by `complementarity`: each point's normal velocity
    /// `vn` driven to `−bias` (λ ≥ 0), applying the change; false (nothing applied) when the
    /// manifold is ill-conditioned or no case fits.
    private func blockSolve(
        _ p0: inout ContactPointState, _ p1: inout ContactPointState,
        _ row0: (vn: Double, bias: Double), _ row1: (vn: Double, bias: Double),
        _ bodies: UnsafeMutableBufferPointer<BodyState>
    ) -> Bool {
        guard blockConditioned else { return false }
        let normal = normal
        let (l0, l1) = (p0.normalImpulse, p1.normalImpulse)
        // b = v + bias − K·λ, the row velocities with the accumulated impulses taken out.
        let b0 = row0.vn + row0.bias - (k11 * l0 + k12 * l1)
        let b1 = row1.vn + row1.bias - (k12 * l0 + k22 * l1)
        guard let x = Self.complementarity(k11: k11, k12: k12, k22: k22, b0: b0, b1: b1) else { return false }
        apply((x.0 - l0) * normal, p0, bodies)
        apply((x.1 - l1) * normal, p1, bodies)
        p0.normalImpulse = x.0
        p1.normalImpulse = x.1
        p0.maxNormalImpulse = max(p0.maxNormalImpulse, x.0)
        p1.maxNormalImpulse = max(p1.maxNormalImpulse, x.1)
        return true
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
        if movesA {
            bodies[slotA].velocity -= inverseMassA * p
            bodies[slotA].angularVelocity -= inverseInertiaA * state.anchorA.cross(p)
        }
        if movesB {
            bodies[slotB].velocity += inverseMassB * p
            bodies[slotB].angularVelocity += inverseInertiaB * state.anchorB.cross(p)
        }
    }
}
