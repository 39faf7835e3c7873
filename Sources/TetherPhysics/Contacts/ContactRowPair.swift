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
/// (a face on a face, the common case in a pile), two-point rows solved point after point (too
/// badly conditioned for the block), or one-point rows (corners, circles).
struct ContactRowPair: Sendable {
    typealias Lanes = SIMD2<Double>
    typealias Mask = SIMDMask<SIMD2<Int64>>

    /// Each row's point: its lever arms, for the warm start and for its separation at the
    /// current poses.
    struct Anchors: Sendable {
        var anchorAx, anchorAy, anchorBx, anchorBy: Lanes

        init(_ p: UnsafePointer<ContactPointState>, _ q: UnsafePointer<ContactPointState>) {
            anchorAx = Lanes(p.pointee.anchorA.x, q.pointee.anchorA.x)
            anchorAy = Lanes(p.pointee.anchorA.y, q.pointee.anchorA.y)
            anchorBx = Lanes(p.pointee.anchorB.x, q.pointee.anchorB.x)
            anchorBy = Lanes(p.pointee.anchorB.y, q.pointee.anchorB.y)
        }
    }

    /// Each row's point: its accumulated impulses.
    struct Impulses: Sendable {
        var normal, tangent: Lanes

        init(_ p: UnsafePointer<ContactPointState>, _ q: UnsafePointer<ContactPointState>) {
            normal = Lanes(p.pointee.normalImpulse, q.pointee.normalImpulse)
            tangent = Lanes(p.pointee.tangentImpulse, q.pointee.tangentImpulse)
        }

        /// Lane `lane`'s impulses, to carry into the next step.
        func impulse(_ lane: Int) -> AccumulatedImpulse {
            AccumulatedImpulse(normal: normal[lane], tangent: tangent[lane])
        }
    }

    /// Each row's point as the solve passes read it: the angular parts of its normal and
    /// friction rows, and the friction row's mass.
    struct Arms: Sendable {
        var normalArmA, normalArmB, tangentArmA, tangentArmB, tangentMass: Lanes

        init(_ p: UnsafePointer<ContactPointState>, _ q: UnsafePointer<ContactPointState>) {
            normalArmA = Lanes(p.pointee.normalArmA, q.pointee.normalArmA)
            normalArmB = Lanes(p.pointee.normalArmB, q.pointee.normalArmB)
            tangentArmA = Lanes(p.pointee.tangentArmA, q.pointee.tangentArmA)
            tangentArmB = Lanes(p.pointee.tangentArmB, q.pointee.tangentArmB)
            tangentMass = Lanes(p.pointee.tangentMass, q.pointee.tangentMass)
        }
    }

    // The fields are grouped by the passes that read them, in this order: every pass (the
    // header, masses, normal), the warm start (tangent), the warm start and solves (impulses),
    // the warm start and aiming (anchors), aiming (separations), the solves (targets, block,
    // arms), the solve pass with bias only (softening), and what only rows that may bounce
    // read. A pile's pairs outgrow the caches (pile-4000: 6 000 pairs a step, 768 bytes each),
    // so each pass costs about the cache lines it touches: grouped, the warm start touches 6 of
    // the 12 lines where it touched 9 of 16, a solve pass 10 where it touched nearly all. The
    // rows' indices live in the plan (`ContactSolvePlan.pairedRows`), the start poses in the
    // bodies' motions (`BodyMotions`), and the slots are 32-bit (a 32-byte header).
    var slotsA: (Int32, Int32)
    var slotsB: (Int32, Int32)
    var movesA: (Bool, Bool)
    var movesB: (Bool, Bool)
    /// Two points per row, or one point per row.
    var twoPoints: Bool
    /// Whether the two points are solved one after the other (`ContactConstraint.Pairing
    /// .twoPointsInOrder`) instead of as a block.
    var inOrder: Bool
    /// Whether a row may bounce (`ContactConstraint.mayBounce`): only then does restitution
    /// read the points' `largestNormalImpulse`, so only then do the passes keep it.
    var tracksLargestImpulse: Bool
    var inverseMassA, inverseMassB, inverseInertiaA, inverseInertiaB: Lanes
    var normalX, normalY: Lanes
    /// The tangent's y, `-normalX` (its x is `normalY`), negated once per step for the warm
    /// start (negating it there cost more instructions than loading it).
    var tangentY: Lanes
    var impulses0, impulses1: Impulses
    var anchors0, anchors1: Anchors
    /// Each point's separation at the start of the step, corrected for its anchors.
    var biasRate, baseSeparation0, baseSeparation1: Lanes
    /// Each point's targets at the poses of the last relax pass (`aim`).
    var aim0, aim1: Aim
    /// The friction coefficient, and a two-point row's 2×2 block `k11, k12, k22` (a one-point
    /// row has no block and keeps `massScale`, `impulseScale` and `normalMass0` in its lanes, a
    /// row solved point after point those and `normalMass1`).
    var friction, k11, k12, k22, inverseDeterminantRigid: Lanes
    var arms0, arms1: Arms
    var blockSoftening0, blockSoftening1, inverseDeterminantSoft: Lanes
    /// Each point's largest normal impulse of the step (`ContactPointState.maxNormalImpulse`).
    var largestNormalImpulse0, largestNormalImpulse1: Lanes

    /// A one-point row's soft-row scales and normal-row mass (and a row solved point after
    /// point, its second point's mass too), in the lanes of the block it does not solve: 64
    /// bytes less per pair, and next to the values its solve reads besides.
    var massScale: Lanes {
        @inline(__always) get { k11 }
        set { k11 = newValue }
    }
    var impulseScale: Lanes {
        @inline(__always) get { k12 }
        set { k12 = newValue }
    }
    var normalMass0: Lanes {
        @inline(__always) get { k22 }
        set { k22 = newValue }
    }
    var normalMass1: Lanes {
        @inline(__always) get { inverseDeterminantRigid }
        set { inverseDeterminantRigid = newValue }
    }

    /// Lays out rows `rows.0` and `rows.1` of `constraints` lane by lane into `pair`, reading and
    /// writing in place: a pair is some 800 bytes, and building one in a temporary to copy it
    /// cost more than the layout itself. `pair` may be uninitialized (the type is trivial, so
    /// assigning every field initializes it).
    static func lay(
        _ pair: UnsafeMutablePointer<ContactRowPair>, rows: (Int, Int),
        _ constraints: UnsafeMutableBufferPointer<ContactConstraint>
    ) {
        let c = constraints.baseAddress! + rows.0
        let d = constraints.baseAddress! + rows.1
        pair.pointee.twoPoints = c.pointee.pointCount == 2
        pair.pointee.inOrder = c.pointee.pointCount == 2 && !c.pointee.blockConditioned
        pair.pointee.slotsA = (Int32(truncatingIfNeeded: c.pointee.slotA), Int32(truncatingIfNeeded: d.pointee.slotA))
        pair.pointee.slotsB = (Int32(truncatingIfNeeded: c.pointee.slotB), Int32(truncatingIfNeeded: d.pointee.slotB))
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
        pair.pointee.impulses0 = Impulses(&c.pointee.point0, &d.pointee.point0)
        pair.pointee.impulses1 = Impulses(&c.pointee.point1, &d.pointee.point1)
        pair.pointee.anchors0 = Anchors(&c.pointee.point0, &d.pointee.point0)
        pair.pointee.anchors1 = Anchors(&c.pointee.point1, &d.pointee.point1)
        pair.pointee.biasRate = Lanes(c.pointee.softness.biasRate, d.pointee.softness.biasRate)
        pair.pointee.baseSeparation0 = Lanes(c.pointee.point0.baseSeparation, d.pointee.point0.baseSeparation)
        pair.pointee.baseSeparation1 = Lanes(c.pointee.point1.baseSeparation, d.pointee.point1.baseSeparation)
        pair.pointee.aim0 = Aim()
        pair.pointee.aim1 = Aim()
        pair.pointee.friction = Lanes(c.pointee.friction, d.pointee.friction)
        if pair.pointee.twoPoints && !pair.pointee.inOrder {
            pair.pointee.k11 = Lanes(c.pointee.k11, d.pointee.k11)
            pair.pointee.k12 = Lanes(c.pointee.k12, d.pointee.k12)
            pair.pointee.k22 = Lanes(c.pointee.k22, d.pointee.k22)
            pair.pointee.inverseDeterminantRigid =
                Lanes(c.pointee.inverseDeterminantRigid, d.pointee.inverseDeterminantRigid)
        } else {
            pair.pointee.massScale = Lanes(c.pointee.softness.massScale, d.pointee.softness.massScale)
            pair.pointee.impulseScale = Lanes(c.pointee.softness.impulseScale, d.pointee.softness.impulseScale)
            pair.pointee.normalMass0 = Lanes(c.pointee.point0.normalMass, d.pointee.point0.normalMass)
            pair.pointee.normalMass1 = Lanes(c.pointee.point1.normalMass, d.pointee.point1.normalMass)
        }
        pair.pointee.arms0 = Arms(&c.pointee.point0, &d.pointee.point0)
        pair.pointee.arms1 = Arms(&c.pointee.point1, &d.pointee.point1)
        pair.pointee.blockSoftening0 = Lanes(c.pointee.blockSoftening0, d.pointee.blockSoftening0)
        pair.pointee.blockSoftening1 = Lanes(c.pointee.blockSoftening1, d.pointee.blockSoftening1)
        pair.pointee.inverseDeterminantSoft = Lanes(c.pointee.inverseDeterminantSoft, d.pointee.inverseDeterminantSoft)
        pair.pointee.largestNormalImpulse0 = Lanes(c.pointee.point0.maxNormalImpulse, d.pointee.point0.maxNormalImpulse)
        pair.pointee.largestNormalImpulse1 = Lanes(c.pointee.point1.maxNormalImpulse, d.pointee.point1.maxNormalImpulse)
    }

    /// Lane `lane`'s impulses into its row's points (`row`: that lane's constraint).
    func storePoints(_ lane: Int, into row: inout ContactConstraint) {
        row.point0.normalImpulse = impulses0.normal[lane]
        row.point0.tangentImpulse = impulses0.tangent[lane]
        row.point0.maxNormalImpulse = largestNormalImpulse0[lane]
        if twoPoints {
            row.point1.normalImpulse = impulses1.normal[lane]
            row.point1.tangentImpulse = impulses1.tangent[lane]
            row.point1.maxNormalImpulse = largestNormalImpulse1[lane]
        }
    }

    /// Writes both rows' impulses back to their constraints (`rows`: the pair's rows).
    func store(_ rows: (Int, Int), into constraints: UnsafeMutableBufferPointer<ContactConstraint>) {
        storePoints(0, into: &constraints[rows.0])
        storePoints(1, into: &constraints[rows.1])
    }

    /// Takes both rows' impulses back from their constraints (after a one-at-a-time fallback;
    /// nothing else of a row changes while it is solved).
    mutating func load(_ rows: (Int, Int), from constraints: UnsafeMutableBufferPointer<ContactConstraint>) {
        let (c, d) = (constraints.baseAddress! + rows.0, constraints.baseAddress! + rows.1)
        impulses0 = Impulses(&c.pointee.point0, &d.pointee.point0)
        impulses1 = Impulses(&c.pointee.point1, &d.pointee.point1)
        largestNormalImpulse0 = Lanes(c.pointee.point0.maxNormalImpulse, d.pointee.point0.maxNormalImpulse)
        largestNormalImpulse1 = Lanes(c.pointee.point1.maxNormalImpulse, d.pointee.point1.maxNormalImpulse)
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
        let (a0, a1) = (bodies[Int(slotsA.0)], bodies[Int(slotsA.1)])
        let (b0, b1) = (bodies[Int(slotsB.0)], bodies[Int(slotsB.1)])
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

    @inline(__always)
    static func twoDoubles(_ bodies: UnsafeMutableBufferPointer<BodyState>, _ slot: Int32, at offset: Int) -> Lanes {
        twoDoubles(bodies, Int(slot), at: offset)
    }

    /// Writes the lanes back to the movable bodies, in line: the warm start's few products
    /// vectorize well around these stores.
    @inline(__always)
    func storeVelocitiesFieldByField(_ v: Velocities, _ bodies: UnsafeMutableBufferPointer<BodyState>) {
        @inline(__always) func write(_ slot: Int32, _ moves: Bool, _ x: Lanes, _ y: Lanes, _ w: Lanes, _ lane: Int) {
            if moves {
                bodies[Int(slot)].velocity = Vec2(x[lane], y[lane])
                bodies[Int(slot)].angularVelocity = w[lane]
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
        @inline(__always) func body(_ slot: Int32, _ moves: Bool) -> UnsafeMutableRawPointer? {
            moves ? base + Int(slot) &* stride : nil
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
        @inline(__always) func apply(_ p: Impulses, _ a: Anchors) {
            let px = p.normal * normalX + p.tangent * tx
            let py = p.normal * normalY + p.tangent * ty
            v.vAx = v.vAx - inverseMassA * px
            v.vAy = v.vAy - inverseMassA * py
            v.wA = v.wA - inverseInertiaA * (a.anchorAx * py - a.anchorAy * px)
            v.vBx = v.vBx + inverseMassB * px
            v.vBy = v.vBy + inverseMassB * py
            v.wB = v.wB + inverseInertiaB * (a.anchorBx * py - a.anchorBy * px)
        }
        apply(impulses0, anchors0)
        if twoPoints { apply(impulses1, anchors1) }
        storeVelocitiesFieldByField(v, bodies)
    }

    // MARK: Solve

    /// The bodies' motion since the step began (`BodyMotion`: each body's rotation relative to
    /// its start, and the change of the positions B − A), lane by lane, which turns a point's
    /// start separation into its current one.
    struct PoseChange {
        var dqAc, dqAs, dqBc, dqBs, dpx, dpy: Lanes
    }

    @inline(__always)
    func poseChange(_ motions: UnsafeBufferPointer<BodyMotion>) -> PoseChange {
        let (a0, a1) = (motions[Int(slotsA.0)], motions[Int(slotsA.1)])
        let (b0, b1) = (motions[Int(slotsB.0)], motions[Int(slotsB.1)])
        return PoseChange(
            dqAc: Lanes(a0.rotation.c, a1.rotation.c), dqAs: Lanes(a0.rotation.s, a1.rotation.s),
            dqBc: Lanes(b0.rotation.c, b1.rotation.c), dqBs: Lanes(b0.rotation.s, b1.rotation.s),
            dpx: Lanes(b0.translation.x, b1.translation.x) - Lanes(a0.translation.x, a1.translation.x),
            dpy: Lanes(b0.translation.y, b1.translation.y) - Lanes(a0.translation.y, a1.translation.y))
    }

    /// Point `p`'s current separation (`normalRow` of `ContactConstraint.solve`).
    @inline(__always)
    func separation(_ p: Anchors, _ baseSeparation: Lanes, _ d: PoseChange) -> Lanes {
        let rAx = d.dqAc * p.anchorAx - d.dqAs * p.anchorAy, rAy = d.dqAs * p.anchorAx + d.dqAc * p.anchorAy
        let rBx = d.dqBc * p.anchorBx - d.dqBs * p.anchorBy, rBy = d.dqBs * p.anchorBx + d.dqBc * p.anchorBy
        let dx = d.dpx + (rBx - rAx), dy = d.dpy + (rBy - rAy)
        return (normalX * dx + normalY * dy) + baseSeparation
    }

    /// What a point's separation at the current poses makes of its normal row, in a solve
    /// pass and in the relax pass (`normalRow` of `ContactConstraint.solve` without the
    /// velocities).
    struct Aim: Sendable {
        /// The solve pass's target.
        var solveBias = Lanes.zero
        /// Whether the row is soft in a solve pass (not speculative).
        var soft = Mask(repeating: false)

        /// The relax pass's target: the gap's closing speed for a speculative row, else 0. A
        /// speculative row is not soft and its solve target is that same closing speed, so
        /// the relax target is the solve target where the row is not soft (16 bytes less per
        /// point to stream than storing both).
        var relaxBias: Lanes {
            @inline(__always) get { Lanes.zero.replacing(with: solveBias, where: .!soft) }
        }
    }

    /// The points' targets at the current poses (`aim0`, `aim1`), for a run of pairs before any
    /// is solved. Only integrating the positions moves the bodies, so the relax pass aims here
    /// for itself (its solve then holds fewer values at once: fewer spills), and the next
    /// substep's solve pass, whose poses are the same, reads the targets instead of computing
    /// them again: the same operations on the same values.
    @inline(__always)
    mutating func aim(_ motions: UnsafeBufferPointer<BodyMotion>, inverseH: Double) {
        let d = poseChange(motions)
        @inline(__always) func aim(_ p: Anchors, _ baseSeparation: Lanes) -> Aim {
            let separation = separation(p, baseSeparation, d)
            let speculative = separation .> 0
            let gapClosing = separation * inverseH
            let push = biasRate * separation
            let floor = Lanes(repeating: -ContactConstants.maxPushOutSpeed)
            return Aim(
                solveBias: push.replacing(with: floor, where: floor .>= push).replacing(with: gapClosing, where: speculative),
                soft: .!speculative)
        }
        aim0 = aim(anchors0, baseSeparation0)
        if twoPoints { aim1 = aim(anchors1, baseSeparation1) }
    }

    /// `ContactConstraint.solve` for both rows. Returns false, having written nothing, when a
    /// lane's 2×2 block problem has no solution (round-off); the caller then solves the rows one
    /// at a time. `aimed`: the targets of `aim` are those of the current poses (always in the
    /// relax pass, which aims first).
    @inline(__always)
    mutating func solve(
        _ bodies: UnsafeMutableBufferPointer<BodyState>, _ motions: UnsafeBufferPointer<BodyMotion>, inverseH: Double,
        useBias: Bool, aimed: Bool
    ) -> Bool {
        // Marked rare (a tenth of a pile's pairs at most), so that the optimizer arranges the
        // passes' loops for the other pairs (pile-4000's first 150 frames 0.1 % fewer
        // instructions in all).
        if _slowPath(inOrder) {
            if !useBias { return relaxPointByPoint(bodies, motions, inverseH: inverseH) }
            if aimed { return solvePointByPointAimed(bodies, motions, inverseH: inverseH) }
            return solvePointByPoint(bodies, motions, inverseH: inverseH)
        }
        return solve(bodies, motions, inverseH: inverseH, useBias: useBias, aimed: aimed, pointByPoint: false)
    }

    // Rows solved point after point: a copy of the solve for each pass, out of line. In line,
    // their code cost the other pairs' passes more instructions than these rows gained
    // (pile-1000's first 150 frames 0.7 % more in all; out of line, 0.07 % fewer).
    @inline(never)
    private mutating func solvePointByPoint(
        _ bodies: UnsafeMutableBufferPointer<BodyState>, _ motions: UnsafeBufferPointer<BodyMotion>, inverseH: Double
    ) -> Bool {
        solve(bodies, motions, inverseH: inverseH, useBias: true, aimed: false, pointByPoint: true)
    }

    @inline(never)
    private mutating func solvePointByPointAimed(
        _ bodies: UnsafeMutableBufferPointer<BodyState>, _ motions: UnsafeBufferPointer<BodyMotion>, inverseH: Double
    ) -> Bool {
        solve(bodies, motions, inverseH: inverseH, useBias: true, aimed: true, pointByPoint: true)
    }

    @inline(never)
    private mutating func relaxPointByPoint(
        _ bodies: UnsafeMutableBufferPointer<BodyState>, _ motions: UnsafeBufferPointer<BodyMotion>, inverseH: Double
    ) -> Bool {
        solve(bodies, motions, inverseH: inverseH, useBias: false, aimed: true, pointByPoint: true)
    }

    /// `solve`, for rows solved point after point (`inOrder`) when `pointByPoint`, else for the
    /// others.
    @inline(__always)
    private mutating func solve(
        _ bodies: UnsafeMutableBufferPointer<BodyState>, _ motions: UnsafeBufferPointer<BodyMotion>, inverseH: Double,
        useBias: Bool, aimed: Bool, pointByPoint: Bool
    ) -> Bool {
        var v = loadVelocities(bodies)
        let (nx, ny) = (normalX, normalY)
        let (mA, mB, iA, iB) = (inverseMassA, inverseMassB, inverseInertiaA, inverseInertiaB)

        var smoothLinear = Lanes.zero, smoothA = Lanes.zero, smoothB = Lanes.zero
        var poses = PoseChange(dqAc: .zero, dqAs: .zero, dqBc: .zero, dqBs: .zero, dpx: .zero, dpy: .zero)
        if useBias {
            if !aimed { poses = poseChange(motions) }
            let (bodyA0, bodyA1) = (bodies[Int(slotsA.0)], bodies[Int(slotsA.1)])
            let (bodyB0, bodyB1) = (bodies[Int(slotsB.0)], bodies[Int(slotsB.1)])
            let sx = Lanes(bodyB0.smoothVelocityChange.x, bodyB1.smoothVelocityChange.x)
                - Lanes(bodyA0.smoothVelocityChange.x, bodyA1.smoothVelocityChange.x)
            let sy = Lanes(bodyB0.smoothVelocityChange.y, bodyB1.smoothVelocityChange.y)
                - Lanes(bodyA0.smoothVelocityChange.y, bodyA1.smoothVelocityChange.y)
            smoothLinear = 0.5 * (nx * sx + ny * sy)
            smoothA = 0.5 * Lanes(bodyA0.smoothAngularVelocityChange, bodyA1.smoothAngularVelocityChange)
            smoothB = 0.5 * Lanes(bodyB0.smoothAngularVelocityChange, bodyB1.smoothAngularVelocityChange)
        }

        /// `normalRow` of `ContactConstraint.solve`: velocity, target, and whether the row is soft.
        @inline(__always) func normalRow(
            _ p: Arms, _ anchors: Anchors, _ baseSeparation: Lanes, _ aim: Aim
        ) -> (vn: Lanes, bias: Lanes, soft: Mask) {
            var vn = (nx * (v.vBx - v.vAx) + ny * (v.vBy - v.vAy)) + (v.wB * p.normalArmB - v.wA * p.normalArmA)
            if useBias { vn = vn - (smoothLinear + (smoothB * p.normalArmB - smoothA * p.normalArmA)) }
            if !useBias { return (vn, aim.relaxBias, Mask(repeating: false)) }
            if aimed { return (vn, aim.solveBias, aim.soft) }
            let separation = separation(anchors, baseSeparation, poses)
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
        @inline(__always) func solveFriction(_ p: Arms, _ impulses: inout Impulses) {
            let vt = (tx * (v.vBx - v.vAx) + ty * (v.vBy - v.vAy)) + (v.wB * p.tangentArmB - v.wA * p.tangentArmA)
            let limit = friction * impulses.normal
            let lower = -limit
            var impulse = impulses.tangent - p.tangentMass * vt
            impulse.replace(with: lower, where: lower .>= impulse)
            impulse.replace(with: limit, where: limit .< impulse)
            push(impulse - impulses.tangent, tx, ty, armA: p.tangentArmA, armB: p.tangentArmB)
            impulses.tangent = impulse
        }

        /// `single` of `ContactConstraint.solve`: one point's normal row on its own, from its
        /// velocity and target `r` (`normalRow`, at the velocities the row meets). The scales
        /// are arguments: computed properties of the pair, `single` could not read them while it
        /// holds the pair's impulses.
        @inline(__always) func single(
            _ r: (vn: Lanes, bias: Lanes, soft: Mask), _ arms: Arms, _ normalMass: Lanes, _ massScale: Lanes,
            _ impulseScale: Lanes, _ impulses: inout Impulses, _ largestNormalImpulse: inout Lanes
        ) {
            let l = impulses.normal
            var impulse = -normalMass * (r.vn + r.bias)
            if any(r.soft) {
                let soft = -normalMass * massScale * (r.vn + r.bias) - impulseScale * l
                impulse.replace(with: soft, where: r.soft)
            }
            let total = l + impulse
            let x = Lanes.zero.replacing(with: total, where: total .> 0)
            push(x - l, nx, ny, armA: arms.normalArmA, armB: arms.normalArmB)
            impulses.normal = x
            if tracksLargestImpulse { largestNormalImpulse.replace(with: x, where: x .>= largestNormalImpulse) }
        }

        if pointByPoint {
            // Each point's normal row after the other's, then the friction rows.
            let (massScale, impulseScale) = (self.massScale, self.impulseScale)
            let (normalMass0, normalMass1) = (self.normalMass0, self.normalMass1)
            let r0 = normalRow(arms0, anchors0, baseSeparation0, aim0)
            single(r0, arms0, normalMass0, massScale, impulseScale, &impulses0, &largestNormalImpulse0)
            let r1 = normalRow(arms1, anchors1, baseSeparation1, aim1)
            single(r1, arms1, normalMass1, massScale, impulseScale, &impulses1, &largestNormalImpulse1)
            solveFriction(arms0, &impulses0)
            solveFriction(arms1, &impulses1)
            storeVelocities(v, bodies)
            return true
        }
        guard twoPoints else {
            // `single` of `ContactConstraint.solve`: one normal row, then its friction row. (The
            // same as `single` above, written out: called here, it cost the pairs' passes more
            // instructions.)
            let r = normalRow(arms0, anchors0, baseSeparation0, aim0)
            let l = impulses0.normal
            var impulse = -normalMass0 * (r.vn + r.bias)
            if any(r.soft) {
                let soft = -normalMass0 * massScale * (r.vn + r.bias) - impulseScale * l
                impulse.replace(with: soft, where: r.soft)
            }
            let total = l + impulse
            let x = Lanes.zero.replacing(with: total, where: total .> 0)
            push(x - l, nx, ny, armA: arms0.normalArmA, armB: arms0.normalArmB)
            impulses0.normal = x
            if tracksLargestImpulse { largestNormalImpulse0.replace(with: x, where: x .>= largestNormalImpulse0) }
            solveFriction(arms0, &impulses0)
            storeVelocities(v, bodies)
            return true
        }

        let r0 = normalRow(arms0, anchors0, baseSeparation0, aim0)
        let r1 = normalRow(arms1, anchors1, baseSeparation1, aim1)

        // The 2×2 problem of `ContactConstraint.complementarity`, all cases computed and selected.
        let s0 = Lanes.zero.replacing(with: blockSoftening0, where: r0.soft)
        let s1 = Lanes.zero.replacing(with: blockSoftening1, where: r1.soft)
        var inverse = inverseDeterminantRigid.replacing(with: inverseDeterminantSoft, where: r0.soft)
        let mixed = r0.soft .^ r1.soft
        if any(mixed) { inverse.replace(with: 1 / ((k11 + s0) * (k22 + s1) - k12 * k12), where: mixed) }
        // Without bias s0 = s1 = 0, and k + 0 is k (k11, k22 are sums of non-negative products,
        // never −0), so the relax pass skips the additions.
        let k11s = useBias ? k11 + s0 : k11, k22s = useBias ? k22 + s1 : k22
        let (l0, l1) = (impulses0.normal, impulses1.normal)
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

        push(x0 - l0, nx, ny, armA: arms0.normalArmA, armB: arms0.normalArmB)
        push(x1 - l1, nx, ny, armA: arms1.normalArmA, armB: arms1.normalArmB)
        impulses0.normal = x0
        impulses1.normal = x1
        if tracksLargestImpulse {
            largestNormalImpulse0.replace(with: x0, where: x0 .>= largestNormalImpulse0)
            largestNormalImpulse1.replace(with: x1, where: x1 .>= largestNormalImpulse1)
        }

        solveFriction(arms0, &impulses0)
        solveFriction(arms1, &impulses1)
        storeVelocities(v, bodies)
        return true
    }
}
