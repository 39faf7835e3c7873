/// Two contact rows side by side, one in each lane of `SIMD2<Double>` (Box2D v3's wide contact
/// constraint, two lanes of double).
///
/// A pile's contact solve is bound by the instructions per row and by each row waiting for the
/// velocities the previous one wrote. Two rows of the same graph color share no movable body, so
/// they can run side by side: the lanes halve the instructions and interleave two dependency
/// chains, and storing the pair lane by lane lets every value load in one instruction. Each lane
/// computes exactly what `ContactConstraint` computes for its row (the same operations in the
/// same order, selects in place of branches), so the result does not depend on the pairing. A pair
/// holds two rows of one kind (`ContactConstraint.pairing`): two-point, block-conditioned rows
/// (a face on a face, the common case in a pile), or one-point rows (corners, circles).
struct ContactRowPair: Sendable {
    typealias Lanes = SIMD2<Double>
    typealias Mask = SIMDMask<SIMD2<Int64>>

    /// One point of each row.
    struct Point: Sendable {
        var anchorAx, anchorAy, anchorBx, anchorBy, baseSeparation: Lanes
        var normalArmA, normalArmB, tangentArmA, tangentArmB, normalMass, tangentMass: Lanes
        var normalImpulse, tangentImpulse, maxNormalImpulse: Lanes

        /// Lays out the two rows' points `p` and `q` into `point`, field by field in place (no
        /// copies of the states or of the point).
        static func lay(
            _ point: inout Point, _ p: UnsafePointer<ContactPointState>, _ q: UnsafePointer<ContactPointState>
        ) {
            point.anchorAx = Lanes(p.pointee.anchorA.x, q.pointee.anchorA.x)
            point.anchorAy = Lanes(p.pointee.anchorA.y, q.pointee.anchorA.y)
            point.anchorBx = Lanes(p.pointee.anchorB.x, q.pointee.anchorB.x)
            point.anchorBy = Lanes(p.pointee.anchorB.y, q.pointee.anchorB.y)
            point.baseSeparation = Lanes(p.pointee.baseSeparation, q.pointee.baseSeparation)
            point.normalArmA = Lanes(p.pointee.normalArmA, q.pointee.normalArmA)
            point.normalArmB = Lanes(p.pointee.normalArmB, q.pointee.normalArmB)
            point.tangentArmA = Lanes(p.pointee.tangentArmA, q.pointee.tangentArmA)
            point.tangentArmB = Lanes(p.pointee.tangentArmB, q.pointee.tangentArmB)
            point.normalMass = Lanes(p.pointee.normalMass, q.pointee.normalMass)
            point.tangentMass = Lanes(p.pointee.tangentMass, q.pointee.tangentMass)
            point.normalImpulse = Lanes(p.pointee.normalImpulse, q.pointee.normalImpulse)
            point.tangentImpulse = Lanes(p.pointee.tangentImpulse, q.pointee.tangentImpulse)
            point.maxNormalImpulse = Lanes(p.pointee.maxNormalImpulse, q.pointee.maxNormalImpulse)
        }

        /// Lane `lane`'s impulses, to carry into the next step.
        func impulse(_ lane: Int) -> AccumulatedImpulse {
            AccumulatedImpulse(normal: normalImpulse[lane], tangent: tangentImpulse[lane])
        }

        /// Lane `lane`'s impulses into the row's point.
        func store(_ lane: Int, into state: inout ContactPointState) {
            state.normalImpulse = normalImpulse[lane]
            state.tangentImpulse = tangentImpulse[lane]
            state.maxNormalImpulse = maxNormalImpulse[lane]
        }
    }

    /// The rows' indices in the step's constraint array.
    var rows: (Int, Int)
    /// Two block-solved points per row, or one point per row.
    var twoPoints: Bool
    var slotsA: (Int, Int)
    var slotsB: (Int, Int)
    var movesA: (Bool, Bool)
    var movesB: (Bool, Bool)
    /// Whether a row may bounce (`ContactConstraint.mayBounce`): only then does restitution
    /// read the points' `maxNormalImpulse`, so only then do the passes keep it.
    var tracksLargestImpulse: Bool
    var inverseMassA, inverseMassB, inverseInertiaA, inverseInertiaB: Lanes
    var normalX, normalY, friction: Lanes
    /// The tangent's y, `-normalX` (its x is `normalY`), negated once per step for the warm start.
    var tangentY: Lanes
    /// Poses at the start of the step, for the current separation.
    var startRotationAc, startRotationAs, startRotationBc, startRotationBs: Lanes
    var startPositionAx, startPositionAy, startPositionBx, startPositionBy: Lanes
    var biasRate, massScale, impulseScale, k11, k12, k22, blockSoftening0, blockSoftening1: Lanes
    var inverseDeterminantRigid, inverseDeterminantSoft: Lanes
    var point0, point1: Point
    /// Each point's targets at the poses of the last relax pass (`aim`).
    var aim0, aim1: Aim

    /// Lays out rows `rows.0` and `rows.1` of `constraints` lane by lane into `pair`, reading and
    /// writing in place: a pair is close to a kilobyte, and building one in a temporary to copy
    /// it cost more than the layout itself. `pair` may be uninitialized (the type is trivial, so
    /// assigning every field initializes it).
    static func lay(
        _ pair: UnsafeMutablePointer<ContactRowPair>, rows: (Int, Int),
        _ constraints: UnsafeMutableBufferPointer<ContactConstraint>
    ) {
        let c = constraints.baseAddress! + rows.0
        let d = constraints.baseAddress! + rows.1
        pair.pointee.rows = rows
        pair.pointee.twoPoints = c.pointee.pointCount == 2
        pair.pointee.slotsA = (c.pointee.slotA, d.pointee.slotA)
        pair.pointee.slotsB = (c.pointee.slotB, d.pointee.slotB)
        pair.pointee.movesA = (c.pointee.movesA, d.pointee.movesA)
        pair.pointee.movesB = (c.pointee.movesB, d.pointee.movesB)
        pair.pointee.tracksLargestImpulse = c.pointee.mayBounce || d.pointee.mayBounce
        pair.pointee.inverseMassA = Lanes(c.pointee.inverseMassA, d.pointee.inverseMassA)
        pair.pointee.inverseMassB = Lanes(c.pointee.inverseMassB, d.pointee.inverseMassB)
        pair.pointee.inverseInertiaA = Lanes(c.pointee.inverseInertiaA, d.pointee.inverseInertiaA)
        pair.pointee.inverseInertiaB = Lanes(c.pointee.inverseInertiaB, d.pointee.inverseInertiaB)
        pair.pointee.normalX = Lanes(c.pointee.normal.x, d.pointee.normal.x)
        pair.pointee.normalY = Lanes(c.pointee.normal.y, d.pointee.normal.y)
        pair.pointee.tangentY = -pair.pointee.normalX
        pair.pointee.friction = Lanes(c.pointee.friction, d.pointee.friction)
        pair.pointee.startRotationAc = Lanes(c.pointee.rotationA.c, d.pointee.rotationA.c)
        pair.pointee.startRotationAs = Lanes(c.pointee.rotationA.s, d.pointee.rotationA.s)
        pair.pointee.startRotationBc = Lanes(c.pointee.rotationB.c, d.pointee.rotationB.c)
        pair.pointee.startRotationBs = Lanes(c.pointee.rotationB.s, d.pointee.rotationB.s)
        pair.pointee.startPositionAx = Lanes(c.pointee.positionA.x, d.pointee.positionA.x)
        pair.pointee.startPositionAy = Lanes(c.pointee.positionA.y, d.pointee.positionA.y)
        pair.pointee.startPositionBx = Lanes(c.pointee.positionB.x, d.pointee.positionB.x)
        pair.pointee.startPositionBy = Lanes(c.pointee.positionB.y, d.pointee.positionB.y)
        pair.pointee.biasRate = Lanes(c.pointee.softness.biasRate, d.pointee.softness.biasRate)
        pair.pointee.massScale = Lanes(c.pointee.softness.massScale, d.pointee.softness.massScale)
        pair.pointee.impulseScale = Lanes(c.pointee.softness.impulseScale, d.pointee.softness.impulseScale)
        pair.pointee.k11 = Lanes(c.pointee.k11, d.pointee.k11)
        pair.pointee.k12 = Lanes(c.pointee.k12, d.pointee.k12)
        pair.pointee.k22 = Lanes(c.pointee.k22, d.pointee.k22)
        pair.pointee.blockSoftening0 = Lanes(c.pointee.blockSoftening0, d.pointee.blockSoftening0)
        pair.pointee.blockSoftening1 = Lanes(c.pointee.blockSoftening1, d.pointee.blockSoftening1)
        pair.pointee.inverseDeterminantRigid = Lanes(c.pointee.inverseDeterminantRigid, d.pointee.inverseDeterminantRigid)
        pair.pointee.inverseDeterminantSoft = Lanes(c.pointee.inverseDeterminantSoft, d.pointee.inverseDeterminantSoft)
        Point.lay(&pair.pointee.point0, &c.pointee.point0, &d.pointee.point0)
        Point.lay(&pair.pointee.point1, &c.pointee.point1, &d.pointee.point1)
        pair.pointee.aim0 = Aim()
        pair.pointee.aim1 = Aim()
    }

    /// Writes both rows' impulses back to their constraints.
    func store(into constraints: UnsafeMutableBufferPointer<ContactConstraint>) {
        point0.store(0, into: &constraints[rows.0].point0)
        point0.store(1, into: &constraints[rows.1].point0)
        if twoPoints {
            point1.store(0, into: &constraints[rows.0].point1)
            point1.store(1, into: &constraints[rows.1].point1)
        }
    }

    /// Takes both rows' impulses back from their constraints (after a one-at-a-time fallback).
    mutating func load(from constraints: UnsafeMutableBufferPointer<ContactConstraint>) {
        let (c, d) = (constraints.baseAddress! + rows.0, constraints.baseAddress! + rows.1)
        Point.lay(&point0, &c.pointee.point0, &d.pointee.point0)
        Point.lay(&point1, &c.pointee.point1, &d.pointee.point1)
    }

    // MARK: Bodies

    /// The two rows' bodies' velocities, lane by lane.
    struct Velocities {
        var vAx, vAy, wA, vBx, vBy, wB: Lanes
    }

    /// The two rows' bodies' velocities, lane by lane, field by field (the warm start's few
    /// products vectorize well around these loads).
    @inline(__always)
    func loadVelocitiesFieldByField(_ bodies: UnsafeMutableBufferPointer<BodyState>) -> Velocities {
        let (a0, a1, b0, b1) = (bodies[slotsA.0], bodies[slotsA.1], bodies[slotsB.0], bodies[slotsB.1])
        return Velocities(
            vAx: Lanes(a0.velocity.x, a1.velocity.x), vAy: Lanes(a0.velocity.y, a1.velocity.y),
            wA: Lanes(a0.angularVelocity, a1.angularVelocity),
            vBx: Lanes(b0.velocity.x, b1.velocity.x), vBy: Lanes(b0.velocity.y, b1.velocity.y),
            wB: Lanes(b0.angularVelocity, b1.angularVelocity))
    }

    /// The two rows' bodies' velocities, lane by lane: each body's (vx, vy) and (ω, ·) in one load
    /// each, then lane 0 and lane 1 side by side (loading the fields one by one, the optimizer
    /// paired vx with vy of one body instead, and the rows' arithmetic went across lanes).
    @inline(__always)
    func loadVelocities(_ bodies: UnsafeMutableBufferPointer<BodyState>) -> Velocities {
        let linear = MemoryLayout<BodyState>.offset(of: \.velocity)!
        let angular = MemoryLayout<BodyState>.offset(of: \.angularVelocity)!
        let a0 = Self.twoDoubles(bodies, slotsA.0, at: linear), a1 = Self.twoDoubles(bodies, slotsA.1, at: linear)
        let b0 = Self.twoDoubles(bodies, slotsB.0, at: linear), b1 = Self.twoDoubles(bodies, slotsB.1, at: linear)
        let wa0 = Self.twoDoubles(bodies, slotsA.0, at: angular), wa1 = Self.twoDoubles(bodies, slotsA.1, at: angular)
        let wb0 = Self.twoDoubles(bodies, slotsB.0, at: angular), wb1 = Self.twoDoubles(bodies, slotsB.1, at: angular)
        return Velocities(
            vAx: Lanes(a0.x, a1.x), vAy: Lanes(a0.y, a1.y), wA: Lanes(wa0.x, wa1.x),
            vBx: Lanes(b0.x, b1.x), vBy: Lanes(b0.y, b1.y), wB: Lanes(wb0.x, wb1.x))
    }

    /// The two doubles at byte `offset` of body `slot` (the second may be the next field).
    @inline(__always)
    static func twoDoubles(_ bodies: UnsafeMutableBufferPointer<BodyState>, _ slot: Int, at offset: Int) -> Lanes {
        UnsafeRawPointer(bodies.baseAddress!).loadUnaligned(
            fromByteOffset: slot &* MemoryLayout<BodyState>.stride &+ offset, as: Lanes.self)
    }

    /// Writes the lanes back to the movable bodies, in line: the warm start's few products
    /// vectorize well around these stores.
    @inline(__always)
    func storeVelocitiesFieldByField(_ v: Velocities, _ bodies: UnsafeMutableBufferPointer<BodyState>) {
        @inline(__always) func write(_ slot: Int, _ moves: Bool, _ x: Lanes, _ y: Lanes, _ w: Lanes, _ lane: Int) {
            if moves {
                bodies[slot].velocity = Vec2(x[lane], y[lane])
                bodies[slot].angularVelocity = w[lane]
            }
        }
        write(slotsA.0, movesA.0, v.vAx, v.vAy, v.wA, 0)
        write(slotsB.0, movesB.0, v.vBx, v.vBy, v.wB, 0)
        write(slotsA.1, movesA.1, v.vAx, v.vAy, v.wA, 1)
        write(slotsB.1, movesB.1, v.vBx, v.vBy, v.wB, 1)
    }

    @inline(__always)
    func storeVelocities(_ v: Velocities, _ bodies: UnsafeMutableBufferPointer<BodyState>) {
        let base = UnsafeMutableRawPointer(bodies.baseAddress!)
        let stride = MemoryLayout<BodyState>.stride
        @inline(__always) func body(_ slot: Int, _ moves: Bool) -> UnsafeMutableRawPointer? {
            moves ? base + slot &* stride : nil
        }
        Self.writeVelocities(
            v, body(slotsA.0, movesA.0), body(slotsA.1, movesA.1), body(slotsB.0, movesB.0), body(slotsB.1, movesB.1))
    }

    /// Writes the lanes back to the bodies given (nil: an immovable one, never written), for the
    /// solve passes. Not inlined on purpose: the optimizer vectorizes the lanes' arithmetic from
    /// its stores, and stores of each body's (x, y) in the caller led it to pair x with y instead
    /// of lane 0 with lane 1, with shuffles and spills throughout the row (the call hands it the
    /// six lane vectors instead; about 10 % fewer instructions per pass on a pile).
    @inline(never)
    static func writeVelocities(
        _ v: Velocities, _ a0: UnsafeMutableRawPointer?, _ a1: UnsafeMutableRawPointer?,
        _ b0: UnsafeMutableRawPointer?, _ b1: UnsafeMutableRawPointer?
    ) {
        let linear = MemoryLayout<BodyState>.offset(of: \.velocity)!
        let angular = MemoryLayout<BodyState>.offset(of: \.angularVelocity)!
        @inline(__always) func write(_ body: UnsafeMutableRawPointer?, _ velocity: Lanes, _ angularVelocity: Double) {
            guard let body else { return }
            body.storeBytes(of: velocity, toByteOffset: linear, as: Lanes.self)
            body.storeBytes(of: angularVelocity, toByteOffset: angular, as: Double.self)
        }
        write(a0, Lanes(v.vAx[0], v.vAy[0]), v.wA[0])
        write(b0, Lanes(v.vBx[0], v.vBy[0]), v.wB[0])
        write(a1, Lanes(v.vAx[1], v.vAy[1]), v.wA[1])
        write(b1, Lanes(v.vBx[1], v.vBy[1]), v.wB[1])
    }

    // MARK: Warm start

    /// `ContactConstraint.warmStart` for both rows.
    @inline(__always)
    func warmStart(_ bodies: UnsafeMutableBufferPointer<BodyState>) {
        var v = loadVelocitiesFieldByField(bodies)
        let (tx, ty) = (normalY, tangentY)
        @inline(__always) func apply(_ p: Point) {
            let px = p.normalImpulse * normalX + p.tangentImpulse * tx
            let py = p.normalImpulse * normalY + p.tangentImpulse * ty
            v.vAx = v.vAx - inverseMassA * px
            v.vAy = v.vAy - inverseMassA * py
            v.wA = v.wA - inverseInertiaA * (p.anchorAx * py - p.anchorAy * px)
            v.vBx = v.vBx + inverseMassB * px
            v.vBy = v.vBy + inverseMassB * py
            v.wB = v.wB + inverseInertiaB * (p.anchorBx * py - p.anchorBy * px)
        }
        apply(point0)
        if twoPoints { apply(point1) }
        storeVelocitiesFieldByField(v, bodies)
    }

    // MARK: Solve

    /// The bodies' motion since the step began (`Rotation.relative(to:)` and the change of the
    /// positions B − A, lane by lane), which turns a point's start separation into its current one.
    struct PoseChange {
        var dqAc, dqAs, dqBc, dqBs, dpx, dpy: Lanes
    }

    @inline(__always)
    func poseChange(_ bodies: UnsafeMutableBufferPointer<BodyState>) -> PoseChange {
        let (bodyA0, bodyA1) = (bodies[slotsA.0], bodies[slotsA.1])
        let (bodyB0, bodyB1) = (bodies[slotsB.0], bodies[slotsB.1])
        let aRc = Lanes(bodyA0.rotation.c, bodyA1.rotation.c), aRs = Lanes(bodyA0.rotation.s, bodyA1.rotation.s)
        let bRc = Lanes(bodyB0.rotation.c, bodyB1.rotation.c), bRs = Lanes(bodyB0.rotation.s, bodyB1.rotation.s)
        return PoseChange(
            dqAc: startRotationAc * aRc + startRotationAs * aRs, dqAs: startRotationAc * aRs - startRotationAs * aRc,
            dqBc: startRotationBc * bRc + startRotationBs * bRs, dqBs: startRotationBc * bRs - startRotationBs * bRc,
            dpx: (Lanes(bodyB0.position.x, bodyB1.position.x) - startPositionBx)
                - (Lanes(bodyA0.position.x, bodyA1.position.x) - startPositionAx),
            dpy: (Lanes(bodyB0.position.y, bodyB1.position.y) - startPositionBy)
                - (Lanes(bodyA0.position.y, bodyA1.position.y) - startPositionAy))
    }

    /// Point `p`'s current separation (`normalRow` of `ContactConstraint.solve`).
    @inline(__always)
    func separation(_ p: Point, _ d: PoseChange) -> Lanes {
        let rAx = d.dqAc * p.anchorAx - d.dqAs * p.anchorAy, rAy = d.dqAs * p.anchorAx + d.dqAc * p.anchorAy
        let rBx = d.dqBc * p.anchorBx - d.dqBs * p.anchorBy, rBy = d.dqBs * p.anchorBx + d.dqBc * p.anchorBy
        let dx = d.dpx + (rBx - rAx), dy = d.dpy + (rBy - rAy)
        return (normalX * dx + normalY * dy) + p.baseSeparation
    }

    /// What a point's separation at the current poses makes of its normal row, in the relax
    /// pass and in a solve pass (`normalRow` of `ContactConstraint.solve` without the velocities).
    struct Aim: Sendable {
        var relaxBias = Lanes.zero
        var solveBias = Lanes.zero
        /// Whether the row is soft in a solve pass (not speculative).
        var soft = Mask(repeating: false)
    }

    /// The points' targets at the current poses (`aim0`, `aim1`), for a run of pairs before any
    /// is solved. Only integrating the positions moves the bodies, so the relax pass aims here
    /// for itself (its solve then holds fewer values at once: fewer spills), and the next
    /// substep's solve pass, whose poses are the same, reads the targets instead of computing
    /// them again: the same operations on the same values.
    @inline(__always)
    mutating func aim(_ bodies: UnsafeMutableBufferPointer<BodyState>, inverseH: Double) {
        let d = poseChange(bodies)
        @inline(__always) func aim(_ p: Point) -> Aim {
            let separation = separation(p, d)
            let speculative = separation .> 0
            let gapClosing = separation * inverseH
            let push = biasRate * separation
            let floor = Lanes(repeating: -ContactConstants.maxPushOutSpeed)
            return Aim(
                relaxBias: Lanes.zero.replacing(with: gapClosing, where: speculative),
                solveBias: push.replacing(with: floor, where: floor .>= push).replacing(with: gapClosing, where: speculative),
                soft: .!speculative)
        }
        aim0 = aim(point0)
        if twoPoints { aim1 = aim(point1) }
    }

    /// `ContactConstraint.solve` for both rows. Returns false, having written nothing, when a
    /// lane's 2×2 block problem has no solution (round-off); the caller then solves the rows one
    /// at a time. `aimed`: the targets of `aim` are those of the current poses (always in the
    /// relax pass, which aims first).
    @inline(__always)
    mutating func solve(
        _ bodies: UnsafeMutableBufferPointer<BodyState>, inverseH: Double, useBias: Bool, aimed: Bool
    ) -> Bool {
        var v = loadVelocities(bodies)
        let (nx, ny) = (normalX, normalY)
        let (mA, mB, iA, iB) = (inverseMassA, inverseMassB, inverseInertiaA, inverseInertiaB)

        var smoothLinear = Lanes.zero, smoothA = Lanes.zero, smoothB = Lanes.zero
        var poses = PoseChange(dqAc: .zero, dqAs: .zero, dqBc: .zero, dqBs: .zero, dpx: .zero, dpy: .zero)
        if useBias {
            if !aimed { poses = poseChange(bodies) }
            let (bodyA0, bodyA1) = (bodies[slotsA.0], bodies[slotsA.1])
            let (bodyB0, bodyB1) = (bodies[slotsB.0], bodies[slotsB.1])
            let sx = Lanes(bodyB0.smoothVelocityChange.x, bodyB1.smoothVelocityChange.x)
                - Lanes(bodyA0.smoothVelocityChange.x, bodyA1.smoothVelocityChange.x)
            let sy = Lanes(bodyB0.smoothVelocityChange.y, bodyB1.smoothVelocityChange.y)
                - Lanes(bodyA0.smoothVelocityChange.y, bodyA1.smoothVelocityChange.y)
            smoothLinear = 0.5 * (nx * sx + ny * sy)
            smoothA = 0.5 * Lanes(bodyA0.smoothAngularVelocityChange, bodyA1.smoothAngularVelocityChange)
            smoothB = 0.5 * Lanes(bodyB0.smoothAngularVelocityChange, bodyB1.smoothAngularVelocityChange)
        }

        /// `normalRow` of `ContactConstraint.solve`: velocity, target, and whether the row is soft.
        @inline(__always) func normalRow(_ p: Point, _ aim: Aim) -> (vn: Lanes, bias: Lanes, soft: Mask) {
            var vn = (nx * (v.vBx - v.vAx) + ny * (v.vBy - v.vAy)) + (v.wB * p.normalArmB - v.wA * p.normalArmA)
            if useBias { vn = vn - (smoothLinear + (smoothB * p.normalArmB - smoothA * p.normalArmA)) }
            if !useBias { return (vn, aim.relaxBias, Mask(repeating: false)) }
            if aimed { return (vn, aim.solveBias, aim.soft) }
            let separation = separation(p, poses)
            let speculative = separation .> 0
            var bias = Lanes.zero
            if useBias {
                let push = biasRate * separation
                let floor = Lanes(repeating: -ContactConstants.maxPushOutSpeed)
                bias = push.replacing(with: floor, where: floor .>= push)
            }
            bias.replace(with: separation * inverseH, where: speculative)
            return (vn, bias, useBias ? .!speculative : Mask(repeating: false))
        }
        @inline(__always) func push(_ impulse: Lanes, _ dirX: Lanes, _ dirY: Lanes, armA: Lanes, armB: Lanes) {
            let linearA = mA * impulse, linearB = mB * impulse
            v.vAx = v.vAx - linearA * dirX
            v.vAy = v.vAy - linearA * dirY
            v.wA = v.wA - iA * impulse * armA
            v.vBx = v.vBx + linearB * dirX
            v.vBy = v.vBy + linearB * dirY
            v.wB = v.wB + iB * impulse * armB
        }
        // Friction rows along the tangent (n.y, −n.x), clamped as `min(max(λ, −μλn), μλn)`.
        let (tx, ty) = (ny, -nx)
        @inline(__always) func solveFriction(_ p: inout Point) {
            let vt = (tx * (v.vBx - v.vAx) + ty * (v.vBy - v.vAy)) + (v.wB * p.tangentArmB - v.wA * p.tangentArmA)
            let limit = friction * p.normalImpulse
            let lower = -limit
            var impulse = p.tangentImpulse - p.tangentMass * vt
            impulse.replace(with: lower, where: lower .>= impulse)
            impulse.replace(with: limit, where: limit .< impulse)
            push(impulse - p.tangentImpulse, tx, ty, armA: p.tangentArmA, armB: p.tangentArmB)
            p.tangentImpulse = impulse
        }

        guard twoPoints else {
            // `single` of `ContactConstraint.solve`: one normal row, then its friction row.
            let r = normalRow(point0, aim0)
            let l = point0.normalImpulse
            var impulse = -point0.normalMass * (r.vn + r.bias)
            if any(r.soft) {
                let soft = -point0.normalMass * massScale * (r.vn + r.bias) - impulseScale * l
                impulse.replace(with: soft, where: r.soft)
            }
            let total = l + impulse
            let x = Lanes.zero.replacing(with: total, where: total .> 0)
            push(x - l, nx, ny, armA: point0.normalArmA, armB: point0.normalArmB)
            point0.normalImpulse = x
            if tracksLargestImpulse { point0.maxNormalImpulse.replace(with: x, where: x .>= point0.maxNormalImpulse) }
            solveFriction(&point0)
            storeVelocities(v, bodies)
            return true
        }

        let r0 = normalRow(point0, aim0)
        let r1 = normalRow(point1, aim1)

        // The 2×2 problem of `ContactConstraint.complementarity`, all cases computed and selected.
        let s0 = Lanes.zero.replacing(with: blockSoftening0, where: r0.soft)
        let s1 = Lanes.zero.replacing(with: blockSoftening1, where: r1.soft)
        var inverse = inverseDeterminantRigid.replacing(with: inverseDeterminantSoft, where: r0.soft)
        let mixed = r0.soft .^ r1.soft
        if any(mixed) { inverse.replace(with: 1 / ((k11 + s0) * (k22 + s1) - k12 * k12), where: mixed) }
        // Without bias s0 = s1 = 0, and k + 0 is k (k11, k22 are sums of non-negative products,
        // never −0), so the relax pass skips the additions.
        let k11s = useBias ? k11 + s0 : k11, k22s = useBias ? k22 + s1 : k22
        let (l0, l1) = (point0.normalImpulse, point1.normalImpulse)
        let b0 = r0.vn + r0.bias - (k11 * l0 + k12 * l1)
        let b1 = r1.vn + r1.bias - (k12 * l0 + k22 * l1)
        var x0 = (-k22s * b0 + k12 * b1) * inverse, x1 = (k12 * b0 - k11s * b1) * inverse
        let takeBoth = (x0 .>= 0) .& (x1 .>= 0)
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

        push(x0 - l0, nx, ny, armA: point0.normalArmA, armB: point0.normalArmB)
        push(x1 - l1, nx, ny, armA: point1.normalArmA, armB: point1.normalArmB)
        point0.normalImpulse = x0
        point1.normalImpulse = x1
        if tracksLargestImpulse {
            point0.maxNormalImpulse.replace(with: x0, where: x0 .>= point0.maxNormalImpulse)
            point1.maxNormalImpulse.replace(with: x1, where: x1 .>= point1.maxNormalImpulse)
        }

        solveFriction(&point0)
        solveFriction(&point1)
        storeVelocities(v, bodies)
        return true
    }
}
