/// Two contact rows solved at once, one in each lane of `SIMD2<Double>`.
///
/// A pile's contact solve is bound by latency, not arithmetic: each row waits for the velocities
/// the previous row wrote. Two contacts of the same graph color share no movable body, so they
/// can run side by side; the lanes halve the instructions and overlap the two dependency chains.
/// Each lane computes exactly what `ContactConstraint.solve` computes for its contact (the same
/// operations in the same order, selects in place of branches), so the result does not depend on
/// which contacts were paired. Only two-point, block-conditioned rows (a face on a face, the
/// common case in a pile) take this path; the others, and any pair where a lane's 2×2 problem
/// has no solution from round-off, go through the one-at-a-time solver.
extension ContactConstraint {
    /// Whether `solvePair` can take this row.
    var isPairable: Bool { pointCount == 2 && blockConditioned }

    /// Solves `c` and `d` (both pairable, no shared movable body) as one pass of
    /// `solve(_:inverseH:useBias:)` each. Returns false, having written nothing, when a lane's
    /// block problem has no solution.
    @inline(__always)
    static func solvePair(
        _ c: UnsafeMutablePointer<ContactConstraint>, _ d: UnsafeMutablePointer<ContactConstraint>,
        _ bodies: UnsafeMutableBufferPointer<BodyState>, inverseH: Double, useBias: Bool
    ) -> Bool {
        typealias Lanes = SIMD2<Double>
        @inline(__always) func lanes(_ x: (ContactConstraint) -> Double) -> Lanes { Lanes(x(c.pointee), x(d.pointee)) }

        let aC = bodies[c.pointee.slotA], bC = bodies[c.pointee.slotB]
        let aD = bodies[d.pointee.slotA], bD = bodies[d.pointee.slotB]
        var vAx = Lanes(aC.velocity.x, aD.velocity.x), vAy = Lanes(aC.velocity.y, aD.velocity.y)
        var vBx = Lanes(bC.velocity.x, bD.velocity.x), vBy = Lanes(bC.velocity.y, bD.velocity.y)
        var wA = Lanes(aC.angularVelocity, aD.angularVelocity), wB = Lanes(bC.angularVelocity, bD.angularVelocity)
        let mA = lanes(\.inverseMassA), mB = lanes(\.inverseMassB)
        let iA = lanes(\.inverseInertiaA), iB = lanes(\.inverseInertiaB)
        let nx = lanes(\.normal.x), ny = lanes(\.normal.y)

        // The bodies' motion since the step began (`Rotation.relative(to:)` lane by lane).
        let a0c = lanes(\.rotationA.c), a0s = lanes(\.rotationA.s)
        let b0c = lanes(\.rotationB.c), b0s = lanes(\.rotationB.s)
        let aRc = Lanes(aC.rotation.c, aD.rotation.c), aRs = Lanes(aC.rotation.s, aD.rotation.s)
        let bRc = Lanes(bC.rotation.c, bD.rotation.c), bRs = Lanes(bC.rotation.s, bD.rotation.s)
        let dqAc = a0c * aRc + a0s * aRs, dqAs = a0c * aRs - a0s * aRc
        let dqBc = b0c * bRc + b0s * bRs, dqBs = b0c * bRs - b0s * bRc
        let dpx = (Lanes(bC.position.x, bD.position.x) - lanes(\.positionB.x))
            - (Lanes(aC.position.x, aD.position.x) - lanes(\.positionA.x))
        let dpy = (Lanes(bC.position.y, bD.position.y) - lanes(\.positionB.y))
            - (Lanes(aC.position.y, aD.position.y) - lanes(\.positionA.y))

        var smoothLinear = Lanes.zero, smoothA = Lanes.zero, smoothB = Lanes.zero
        if useBias {
            let sx = Lanes(bC.smoothVelocityChange.x, bD.smoothVelocityChange.x)
                - Lanes(aC.smoothVelocityChange.x, aD.smoothVelocityChange.x)
            let sy = Lanes(bC.smoothVelocityChange.y, bD.smoothVelocityChange.y)
                - Lanes(aC.smoothVelocityChange.y, aD.smoothVelocityChange.y)
            smoothLinear = 0.5 * (nx * sx + ny * sy)
            smoothA = 0.5 * Lanes(aC.smoothAngularVelocityChange, aD.smoothAngularVelocityChange)
            smoothB = 0.5 * Lanes(bC.smoothAngularVelocityChange, bD.smoothAngularVelocityChange)
        }
        let biasRate = lanes(\.softness.biasRate)

        /// One point's row inputs, lane by lane.
        struct Point {
            var anchorAx, anchorAy, anchorBx, anchorBy, baseSeparation: Lanes
            var normalArmA, normalArmB, tangentArmA, tangentArmB, tangentMass: Lanes
            var normalImpulse, tangentImpulse, maxNormalImpulse: Lanes
        }
        @inline(__always) func load(_ p: (ContactConstraint) -> ContactPointState) -> Point {
            let (x, y) = (p(c.pointee), p(d.pointee))
            return Point(
                anchorAx: Lanes(x.anchorA.x, y.anchorA.x), anchorAy: Lanes(x.anchorA.y, y.anchorA.y),
                anchorBx: Lanes(x.anchorB.x, y.anchorB.x), anchorBy: Lanes(x.anchorB.y, y.anchorB.y),
                baseSeparation: Lanes(x.baseSeparation, y.baseSeparation),
                normalArmA: Lanes(x.normalArmA, y.normalArmA), normalArmB: Lanes(x.normalArmB, y.normalArmB),
                tangentArmA: Lanes(x.tangentArmA, y.tangentArmA), tangentArmB: Lanes(x.tangentArmB, y.tangentArmB),
                tangentMass: Lanes(x.tangentMass, y.tangentMass),
                normalImpulse: Lanes(x.normalImpulse, y.normalImpulse),
                tangentImpulse: Lanes(x.tangentImpulse, y.tangentImpulse),
                maxNormalImpulse: Lanes(x.maxNormalImpulse, y.maxNormalImpulse))
        }
        var p0 = load(\.point0)
        var p1 = load(\.point1)

        /// `normalRow` of `solve`: the row velocity, its target, and whether the row is soft.
        @inline(__always) func normalRow(_ p: Point) -> (vn: Lanes, bias: Lanes, soft: SIMDMask<SIMD2<Int64>>) {
            let rAx = dqAc * p.anchorAx - dqAs * p.anchorAy, rAy = dqAs * p.anchorAx + dqAc * p.anchorAy
            let rBx = dqBc * p.anchorBx - dqBs * p.anchorBy, rBy = dqBs * p.anchorBx + dqBc * p.anchorBy
            let dx = dpx + (rBx - rAx), dy = dpy + (rBy - rAy)
            let separation = (nx * dx + ny * dy) + p.baseSeparation
            var vn = (nx * (vBx - vAx) + ny * (vBy - vAy)) + (wB * p.normalArmB - wA * p.normalArmA)
            if useBias { vn = vn - (smoothLinear + (smoothB * p.normalArmB - smoothA * p.normalArmA)) }
            let speculative = separation .> 0
            var bias = Lanes.zero
            if useBias {
                let push = biasRate * separation
                let floor = Lanes(repeating: -ContactConstants.maxPushOutSpeed)
                bias = push.replacing(with: floor, where: floor .>= push)
            }
            bias.replace(with: separation * inverseH, where: speculative)
            let soft = useBias ? .!speculative : SIMDMask(repeating: false)
            return (vn, bias, soft)
        }
        let r0 = normalRow(p0)
        let r1 = normalRow(p1)

        // The 2×2 complementarity problem of `complementarity`, every case computed and selected.
        let k11 = lanes(\.k11), k12 = lanes(\.k12), k22 = lanes(\.k22)
        let s0 = Lanes.zero.replacing(with: lanes(\.blockSoftening0), where: r0.soft)
        let s1 = Lanes.zero.replacing(with: lanes(\.blockSoftening1), where: r1.soft)
        var inverse = lanes(\.inverseDeterminantRigid).replacing(with: lanes(\.inverseDeterminantSoft), where: r0.soft)
        let mixed = r0.soft .^ r1.soft
        if any(mixed) { inverse.replace(with: 1 / ((k11 + s0) * (k22 + s1) - k12 * k12), where: mixed) }
        let k11s = k11 + s0, k22s = k22 + s1
        let (l0, l1) = (p0.normalImpulse, p1.normalImpulse)
        let b0 = r0.vn + r0.bias - (k11 * l0 + k12 * l1)
        let b1 = r1.vn + r1.bias - (k12 * l0 + k22 * l1)
        let both0 = (-k22s * b0 + k12 * b1) * inverse, both1 = (k12 * b0 - k11s * b1) * inverse
        let takeBoth = (both0 .>= 0) .& (both1 .>= 0)
        var x0 = both0, x1 = both1
        if !all(takeBoth) {
            // Some lane lifts a point: the other cases, in `complementarity`'s order.
            let first = -b0 / k11s
            let takeFirst = .!takeBoth .& (first .>= 0) .& (k12 * first + b1 .>= 0)
            let second = -b1 / k22s
            let takeSecond = .!takeBoth .& .!takeFirst .& (second .>= 0) .& (k12 * second + b0 .>= 0)
            let takeNone = .!takeBoth .& .!takeFirst .& .!takeSecond .& (b0 .>= 0) .& (b1 .>= 0)
            if !all(takeBoth .| takeFirst .| takeSecond .| takeNone) { return false }
            x0.replace(with: 0, where: .!takeBoth)
            x1.replace(with: 0, where: .!takeBoth)
            x0.replace(with: first, where: takeFirst)
            x1.replace(with: second, where: takeSecond)
        }

        @inline(__always) func push(_ impulse: Lanes, _ dirX: Lanes, _ dirY: Lanes, armA: Lanes, armB: Lanes) {
            let linearA = mA * impulse, linearB = mB * impulse
            vAx = vAx - linearA * dirX
            vAy = vAy - linearA * dirY
            wA = wA - iA * impulse * armA
            vBx = vBx + linearB * dirX
            vBy = vBy + linearB * dirY
            wB = wB + iB * impulse * armB
        }
        push(x0 - l0, nx, ny, armA: p0.normalArmA, armB: p0.normalArmB)
        push(x1 - l1, nx, ny, armA: p1.normalArmA, armB: p1.normalArmB)
        p0.normalImpulse = x0
        p1.normalImpulse = x1
        p0.maxNormalImpulse = p0.maxNormalImpulse.replacing(with: x0, where: x0 .>= p0.maxNormalImpulse)
        p1.maxNormalImpulse = p1.maxNormalImpulse.replacing(with: x1, where: x1 .>= p1.maxNormalImpulse)

        // Friction rows, tangent (n.y, −n.x).
        let tx = ny, ty = -nx
        let friction = lanes(\.friction)
        @inline(__always) func solveFriction(_ p: inout Point) {
            let vt = (tx * (vBx - vAx) + ty * (vBy - vAy)) + (wB * p.tangentArmB - wA * p.tangentArmA)
            let limit = friction * p.normalImpulse
            let lower = -limit
            var impulse = p.tangentImpulse - p.tangentMass * vt
            impulse.replace(with: lower, where: lower .>= impulse)
            impulse.replace(with: limit, where: limit .< impulse)
            push(impulse - p.tangentImpulse, tx, ty, armA: p.tangentArmA, armB: p.tangentArmB)
            p.tangentImpulse = impulse
        }
        solveFriction(&p0)
        solveFriction(&p1)

        @inline(__always) func store(_ p: Point, _ lane: Int, _ state: inout ContactPointState) {
            state.normalImpulse = p.normalImpulse[lane]
            state.tangentImpulse = p.tangentImpulse[lane]
            state.maxNormalImpulse = p.maxNormalImpulse[lane]
        }
        store(p0, 0, &c.pointee.point0)
        store(p1, 0, &c.pointee.point1)
        store(p0, 1, &d.pointee.point0)
        store(p1, 1, &d.pointee.point1)
        @inline(__always) func write(_ slot: Int, _ moves: Bool, _ vx: Lanes, _ vy: Lanes, _ w: Lanes, _ lane: Int) {
            if moves {
                bodies[slot].velocity = Vec2(vx[lane], vy[lane])
                bodies[slot].angularVelocity = w[lane]
            }
        }
        write(c.pointee.slotA, c.pointee.movesA, vAx, vAy, wA, 0)
        write(c.pointee.slotB, c.pointee.movesB, vBx, vBy, wB, 0)
        write(d.pointee.slotA, d.pointee.movesA, vAx, vAy, wA, 1)
        write(d.pointee.slotB, d.pointee.movesB, vBx, vBy, wB, 1)
        return true
    }
}
