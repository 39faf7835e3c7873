/// Four contact rows side by side, one in each lane of `SIMD4<Float>` (Box2D v3's wide contact
/// constraint, four lanes of single precision).
///
/// A pile's contact solve is bound by the instructions per row and by each row waiting for the
/// velocities the previous one wrote. Four rows of the same graph color share no movable body, so
/// they can run side by side: one instruction does a step of the arithmetic for all four, four
/// dependency chains interleave, and storing the quad lane by lane lets every value load in one
/// instruction. (Gathering and scattering the bodies' velocities stays per lane.) The rows'
/// per-step values (lever arms, masses, targets, impulses) are single precision, as in Box2D 2.3
/// (UIKit Dynamics' engine) and Box2D v3; the bodies' velocities and poses stay double, and each
/// pass rounds the velocities it reads to single precision and widens what it writes back. Each
/// lane computes what `ContactConstraint` computes for its row (the same operations in the same
/// order, selects in place of branches), in single precision. A quad holds four rows of one kind
/// (`ContactConstraint.grouping`): two-point, block-conditioned rows (a face on a face, the
/// common case in a pile), two-point rows solved point after point (too badly conditioned for
/// the block), or one-point rows (corners, circles).
struct ContactRowQuad: Sendable {
    typealias Lanes = SIMD4<Float>
    typealias Mask = SIMDMask<SIMD4<Int32>>
    /// A quad's rows in the plan's constraints, lane by lane.
    typealias Rows = SIMD4<Int32>
    /// Four bodies' slots, each times 16: a record whose stride is a multiple of 16 bytes (the
    /// bodies' 80, the motions' 32) is then `slot × (stride / 16)` units in, one address
    /// operation for either array (`byteOffset`).
    typealias Slots = SIMD4<UInt32>

    /// The byte offset of lane `lane`'s record in an array of `Record`s.
    @inline(__always)
    static func byteOffset<Record>(_ slots: Slots, _ lane: Int, of _: Record.Type) -> Int {
        Int(slots[lane]) &* (MemoryLayout<Record>.stride &>> 4)
    }

    /// `slots` in 16-byte units.
    static func slots(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Slots {
        Slots(UInt32(truncatingIfNeeded: a), UInt32(truncatingIfNeeded: b), UInt32(truncatingIfNeeded: c),
              UInt32(truncatingIfNeeded: d)) &<< 4
    }

    /// The four rows being laid out, read lane by lane.
    struct Sources {
        let c0, c1, c2, c3: UnsafeMutablePointer<ContactConstraint>

        init(_ rows: Rows, _ constraints: UnsafeMutableBufferPointer<ContactConstraint>) {
            let base = constraints.baseAddress!
            (c0, c1, c2, c3) = (base + Int(rows[0]), base + Int(rows[1]), base + Int(rows[2]), base + Int(rows[3]))
        }

        /// `value` of each row, rounded to single precision.
        @inline(__always)
        func lanes(_ value: (UnsafeMutablePointer<ContactConstraint>) -> Double) -> Lanes {
            Lanes(SIMD4<Double>(value(c0), value(c1), value(c2), value(c3)))
        }

        /// `value` of each row's first point (`first`) or second point.
        @inline(__always)
        func points(_ first: Bool, _ value: (UnsafeMutablePointer<ContactPointState>) -> Double) -> Lanes {
            let offset = first
                ? MemoryLayout<ContactConstraint>.offset(of: \.point0)! : MemoryLayout<ContactConstraint>.offset(of: \.point1)!
            return lanes { value((UnsafeMutableRawPointer($0) + offset).assumingMemoryBound(to: ContactPointState.self)) }
        }
    }

    /// Each row's point: its lever arms, for the warm start and for its separation at the
    /// current poses.
    struct Anchors: Sendable {
        var anchorAx, anchorAy, anchorBx, anchorBy: Lanes

        @inline(__always)
        init(_ rows: Sources, first: Bool) {
            anchorAx = rows.points(first) { $0.pointee.anchorA.x }
            anchorAy = rows.points(first) { $0.pointee.anchorA.y }
            anchorBx = rows.points(first) { $0.pointee.anchorB.x }
            anchorBy = rows.points(first) { $0.pointee.anchorB.y }
        }
    }

    /// Each row's point: its accumulated impulses.
    struct Impulses: Sendable {
        var normal, tangent: Lanes

        @inline(__always)
        init(_ rows: Sources, first: Bool) {
            normal = rows.points(first) { $0.pointee.normalImpulse }
            tangent = rows.points(first) { $0.pointee.tangentImpulse }
        }

        /// Lane `lane`'s impulses, to carry into the next step.
        func impulse(_ lane: Int) -> AccumulatedImpulse {
            AccumulatedImpulse(normal: Double(normal[lane]), tangent: Double(tangent[lane]))
        }
    }

    /// Each row's point as the solve passes read it: the angular parts of its normal and
    /// friction rows, and the friction row's mass.
    struct Arms: Sendable {
        var normalArmA, normalArmB, tangentArmA, tangentArmB, tangentMass: Lanes

        @inline(__always)
        init(_ rows: Sources, first: Bool) {
            normalArmA = rows.points(first) { $0.pointee.normalArmA }
            normalArmB = rows.points(first) { $0.pointee.normalArmB }
            tangentArmA = rows.points(first) { $0.pointee.tangentArmA }
            tangentArmB = rows.points(first) { $0.pointee.tangentArmB }
            tangentMass = rows.points(first) { $0.pointee.tangentMass }
        }
    }

    // The fields are grouped by the passes that read them, in this order: every pass (the
    // header, masses, normal), the warm start (tangent), the warm start and solves (impulses),
    // the warm start and aiming (anchors), aiming (separations), the solves (targets, block,
    // arms), the solve pass with bias only (softening), and what only rows that may bounce
    // read, so that each pass touches as few cache lines as it can.
    /// Each lane's bodies' slots in 16-byte units (`slot × 16`; `Slots`).
    var slotsA: Slots
    var slotsB: Slots
    /// Bit `lane` set: lane `lane`'s body A can move; bit `4 + lane`: its body B.
    var movable: UInt8
    /// Two points per row, or one point per row.
    var twoPoints: Bool
    /// Whether the two points are solved one after the other (`ContactConstraint.Grouping
    /// .twoPointsInOrder`) instead of as a block.
    var inOrder: Bool
    /// Whether a row may bounce (`ContactConstraint.mayBounce`): only then does restitution
    /// read the points' `largestNormalImpulse`, so only then do the passes keep it.
    var tracksLargestImpulse: Bool
    var inverseMassA, inverseMassB, inverseInertiaA, inverseInertiaB: Lanes
    var normalX, normalY: Lanes
    /// The tangent's y, `-normalX` (its x is `normalY`).
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
    /// point, its second point's mass too), in the lanes of the block it does not solve.
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

    @inline(__always) func movesA(_ lane: Int) -> Bool { movable & (1 << lane) != 0 }
    @inline(__always) func movesB(_ lane: Int) -> Bool { movable & (16 << lane) != 0 }

    /// Lays out rows `rows` of `constraints` lane by lane into `quad`, writing in place (`quad`
    /// may be uninitialized: the type is trivial, so assigning every field initializes it), and
    /// aims it at the step's start (`aimAtStepStart`), where the rows were prepared.
    static func lay(
        _ quad: UnsafeMutablePointer<ContactRowQuad>, rows: Rows,
        _ constraints: UnsafeMutableBufferPointer<ContactConstraint>, inverseH: Double
    ) {
        let r = Sources(rows, constraints)
        let c = r.c0
        quad.pointee.twoPoints = c.pointee.pointCount == 2
        quad.pointee.inOrder = c.pointee.pointCount == 2 && !c.pointee.blockConditioned
        quad.pointee.slotsA = slots(r.c0.pointee.slotA, r.c1.pointee.slotA, r.c2.pointee.slotA, r.c3.pointee.slotA)
        quad.pointee.slotsB = slots(r.c0.pointee.slotB, r.c1.pointee.slotB, r.c2.pointee.slotB, r.c3.pointee.slotB)
        @inline(__always) func bits(_ row: UnsafeMutablePointer<ContactConstraint>, _ lane: UInt8) -> UInt8 {
            (row.pointee.movesA ? 1 << lane : 0) | (row.pointee.movesB ? 16 << lane : 0)
        }
        quad.pointee.movable = bits(r.c0, 0) | bits(r.c1, 1) | bits(r.c2, 2) | bits(r.c3, 3)
        quad.pointee.tracksLargestImpulse =
            r.c0.pointee.mayBounce || r.c1.pointee.mayBounce || r.c2.pointee.mayBounce || r.c3.pointee.mayBounce
        quad.pointee.inverseMassA = r.lanes { $0.pointee.inverseMassA }
        quad.pointee.inverseMassB = r.lanes { $0.pointee.inverseMassB }
        quad.pointee.inverseInertiaA = r.lanes { $0.pointee.inverseInertiaA }
        quad.pointee.inverseInertiaB = r.lanes { $0.pointee.inverseInertiaB }
        quad.pointee.normalX = r.lanes { $0.pointee.normal.x }
        quad.pointee.normalY = r.lanes { $0.pointee.normal.y }
        quad.pointee.tangentY = -quad.pointee.normalX
        quad.pointee.impulses0 = Impulses(r, first: true)
        quad.pointee.impulses1 = Impulses(r, first: false)
        quad.pointee.anchors0 = Anchors(r, first: true)
        quad.pointee.anchors1 = Anchors(r, first: false)
        quad.pointee.biasRate = r.lanes { $0.pointee.softness.biasRate }
        quad.pointee.baseSeparation0 = r.points(true) { $0.pointee.baseSeparation }
        quad.pointee.baseSeparation1 = r.points(false) { $0.pointee.baseSeparation }
        quad.pointee.friction = r.lanes { $0.pointee.friction }
        if quad.pointee.twoPoints && !quad.pointee.inOrder {
            quad.pointee.k11 = r.lanes { $0.pointee.k11 }
            quad.pointee.k12 = r.lanes { $0.pointee.k12 }
            quad.pointee.k22 = r.lanes { $0.pointee.k22 }
            quad.pointee.inverseDeterminantRigid = r.lanes { $0.pointee.inverseDeterminantRigid }
        } else {
            quad.pointee.massScale = r.lanes { $0.pointee.softness.massScale }
            quad.pointee.impulseScale = r.lanes { $0.pointee.softness.impulseScale }
            quad.pointee.normalMass0 = r.points(true) { $0.pointee.normalMass }
            quad.pointee.normalMass1 = r.points(false) { $0.pointee.normalMass }
        }
        quad.pointee.arms0 = Arms(r, first: true)
        quad.pointee.arms1 = Arms(r, first: false)
        quad.pointee.blockSoftening0 = r.lanes { $0.pointee.blockSoftening0 }
        quad.pointee.blockSoftening1 = r.lanes { $0.pointee.blockSoftening1 }
        quad.pointee.inverseDeterminantSoft = r.lanes { $0.pointee.inverseDeterminantSoft }
        quad.pointee.largestNormalImpulse0 = r.points(true) { $0.pointee.maxNormalImpulse }
        quad.pointee.largestNormalImpulse1 = r.points(false) { $0.pointee.maxNormalImpulse }
        quad.pointee.aimAtStepStart(inverseH: inverseH)
    }

    /// Lane `lane`'s impulses into its row's points (`row`: that lane's constraint).
    func storePoints(_ lane: Int, into row: inout ContactConstraint) {
        row.point0.normalImpulse = Double(impulses0.normal[lane])
        row.point0.tangentImpulse = Double(impulses0.tangent[lane])
        row.point0.maxNormalImpulse = Double(largestNormalImpulse0[lane])
        if twoPoints {
            row.point1.normalImpulse = Double(impulses1.normal[lane])
            row.point1.tangentImpulse = Double(impulses1.tangent[lane])
            row.point1.maxNormalImpulse = Double(largestNormalImpulse1[lane])
        }
    }

    /// Writes the four rows' impulses back to their constraints (`rows`: the quad's rows).
    func store(_ rows: Rows, into constraints: UnsafeMutableBufferPointer<ContactConstraint>) {
        for lane in 0..<4 { storePoints(lane, into: &constraints[Int(rows[lane])]) }
    }

    /// Takes the four rows' impulses back from their constraints (after a one-at-a-time
    /// fallback; nothing else of a row changes while it is solved).
    mutating func load(_ rows: Rows, from constraints: UnsafeMutableBufferPointer<ContactConstraint>) {
        let r = Sources(rows, constraints)
        impulses0 = Impulses(r, first: true)
        impulses1 = Impulses(r, first: false)
        largestNormalImpulse0 = r.points(true) { $0.pointee.maxNormalImpulse }
        largestNormalImpulse1 = r.points(false) { $0.pointee.maxNormalImpulse }
    }

    // MARK: Bodies

    /// The four rows' bodies' velocities, lane by lane.
    struct Velocities {
        var vAx, vAy, wA, vBx, vBy, wB: Lanes
    }

    /// The four rows' bodies' velocities, lane by lane, rounded to single precision.
    @inline(__always)
    func loadVelocities(_ bodies: UnsafeMutableBufferPointer<BodyState>) -> Velocities {
        let linear = MemoryLayout<BodyState>.offset(of: \.velocity)!
        let angular = MemoryLayout<BodyState>.offset(of: \.angularVelocity)!
        let a = Self.gather(bodies, slotsA, at: linear), b = Self.gather(bodies, slotsB, at: linear)
        let wA = Self.gather(bodies, slotsA, at: angular).first, wB = Self.gather(bodies, slotsB, at: angular).first
        return Velocities(vAx: a.first, vAy: a.second, wA: wA, vBx: b.first, vBy: b.second, wB: wB)
    }

    /// The two doubles at byte `offset` of four records (`slots` of `records`), rounded: the
    /// firsts in one vector of lanes and the seconds in another.
    @inline(__always)
    static func gather<Record>(
        _ records: UnsafeBufferPointer<Record>, _ slots: Slots, at offset: Int
    ) -> (first: Lanes, second: Lanes) {
        let base = UnsafeRawPointer(records.baseAddress!)
        @inline(__always) func pair(_ lane: Int) -> SIMD2<Double> {
            base.loadUnaligned(
                fromByteOffset: byteOffset(slots, lane, of: Record.self) &+ offset, as: SIMD2<Double>.self)
        }
        return transpose(pair(0), pair(1), pair(2), pair(3))
    }

    @inline(__always)
    static func gather<Record>(
        _ records: UnsafeMutableBufferPointer<Record>, _ slots: Slots, at offset: Int
    ) -> (first: Lanes, second: Lanes) {
        gather(UnsafeBufferPointer(records), slots, at: offset)
    }

    /// Four pairs of doubles, rounded as pairs (one conversion each), side by side in twos, then
    /// the firsts apart from the seconds: vector shuffles throughout, which keeps the lanes'
    /// arithmetic in vectors (built element by element, the optimizer split it into single
    /// lanes).
    @inline(__always)
    static func transpose(
        _ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>
    ) -> (first: Lanes, second: Lanes) {
        let p01 = Lanes(lowHalf: SIMD2<Float>(p0), highHalf: SIMD2<Float>(p1))
        let p23 = Lanes(lowHalf: SIMD2<Float>(p2), highHalf: SIMD2<Float>(p3))
        return (Lanes(lowHalf: p01.evenHalf, highHalf: p23.evenHalf), Lanes(lowHalf: p01.oddHalf, highHalf: p23.oddHalf))
    }

    /// Writes the lanes back to the movable bodies, widened to double.
    @inline(__always)
    func storeVelocities(_ v: Velocities, _ bodies: UnsafeMutableBufferPointer<BodyState>) {
        Self.scatter(v, bodies, slotsA, slotsB, movable: movable)
    }

    /// Both sides' bodies from the lanes. Not inlined on purpose: the optimizer vectorizes the
    /// lanes' arithmetic from its stores, and element-wise stores in the caller led it to take
    /// the lanes apart early (single-lane products and conversions throughout the row); the
    /// call hands it the six lane vectors.
    @inline(never)
    static func scatter(
        _ v: Velocities, _ bodies: UnsafeMutableBufferPointer<BodyState>, _ slotsA: Slots,
        _ slotsB: Slots, movable: UInt8
    ) {
        scatter(v.vAx, v.vAy, v.wA, bodies, slotsA, movable: movable & 15)
        scatter(v.vBx, v.vBy, v.wB, bodies, slotsB, movable: movable >> 4)
    }

    /// Four bodies' velocities from lanes, those of lanes whose bit is set in `movable`: x and y
    /// interleaved (two shuffles), widened as whole vectors (the halves are the bodies' (vx, vy)
    /// pairs), each pair stored at once. Most quads of a pile move all their bodies, and then no
    /// lane is tested.
    @inline(__always)
    static func scatter(
        _ x: Lanes, _ y: Lanes, _ w: Lanes, _ bodies: UnsafeMutableBufferPointer<BodyState>, _ slots: Slots,
        movable: UInt8
    ) {
        let base = UnsafeMutableRawPointer(bodies.baseAddress!)
        let linear = MemoryLayout<BodyState>.offset(of: \.velocity)!
        let angular = MemoryLayout<BodyState>.offset(of: \.angularVelocity)!
        let xy01 = SIMD4<Double>(Lanes(x[0], y[0], x[1], y[1]))
        let xy23 = SIMD4<Double>(Lanes(x[2], y[2], x[3], y[3]))
        let wide = SIMD4<Double>(w)
        @inline(__always) func write(_ lane: Int, _ xy: SIMD2<Double>) {
            let body = base + byteOffset(slots, lane, of: BodyState.self)
            body.storeBytes(of: xy, toByteOffset: linear, as: SIMD2<Double>.self)
            body.storeBytes(of: wide[lane], toByteOffset: angular, as: Double.self)
        }
        if movable == 15 {
            write(0, xy01.lowHalf)
            write(1, xy01.highHalf)
            write(2, xy23.lowHalf)
            write(3, xy23.highHalf)
            return
        }
        if movable & 1 != 0 { write(0, xy01.lowHalf) }
        if movable & 2 != 0 { write(1, xy01.highHalf) }
        if movable & 4 != 0 { write(2, xy23.lowHalf) }
        if movable & 8 != 0 { write(3, xy23.highHalf) }
    }

    // MARK: Warm start

    /// `ContactConstraint.warmStart` for the four rows. (Mutating only so that calling it on an
    /// array element does not copy the quad.)
    @inline(__always)
    mutating func warmStart(_ bodies: UnsafeMutableBufferPointer<BodyState>) {
        if twoPoints { warmStartTwoPoints(bodies) } else { warmStartOnePoint(bodies) }
    }

    // A copy of the warm start for each point count, each out of line and without a branch
    // inside: with the second point's impulses applied under a test, the lanes' values met at
    // the branch's end, and the optimizer, which puts the lanes' arithmetic back into vectors
    // after the standard library wrote it lane by lane, took them apart there (single-lane
    // products and shuffles throughout: twice the instructions).
    @inline(never)
    private mutating func warmStartTwoPoints(_ bodies: UnsafeMutableBufferPointer<BodyState>) {
        warmStart(bodies, twoPoints: true)
    }

    @inline(never)
    private mutating func warmStartOnePoint(_ bodies: UnsafeMutableBufferPointer<BodyState>) {
        warmStart(bodies, twoPoints: false)
    }

    @inline(__always)
    private func warmStart(_ bodies: UnsafeMutableBufferPointer<BodyState>, twoPoints: Bool) {
        var v = loadVelocities(bodies)
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
        storeVelocities(v, bodies)
    }

    // MARK: Solve

    /// The bodies' motion since the step began (`BodyMotion`: each body's rotation relative to
    /// its start, and the change of the positions B − A), lane by lane, which turns a point's
    /// start separation into its current one.
    struct PoseChange {
        var dqAc, dqAs, dqBc, dqBs, dpx, dpy: Lanes

        /// The motion of bodies that have not moved since the step began (see `aimAtStepStart`).
        static let none = PoseChange(
            dqAc: Lanes(repeating: 1), dqAs: .zero, dqBc: Lanes(repeating: 1), dqBs: .zero, dpx: .zero, dpy: .zero)
    }

    @inline(__always)
    func poseChange(_ motions: UnsafeBufferPointer<BodyMotion>) -> PoseChange {
        let rotation = MemoryLayout<BodyMotion>.offset(of: \.rotation)!
        let translation = MemoryLayout<BodyMotion>.offset(of: \.translation)!
        let qA = Self.gather(motions, slotsA, at: rotation), qB = Self.gather(motions, slotsB, at: rotation)
        // The change of positions B − A in double, then rounded: each motion is its body's own,
        // and their difference is what a row's separation needs.
        let base = UnsafeRawPointer(motions.baseAddress!)
        @inline(__always) func dp(_ lane: Int) -> SIMD2<Double> {
            @inline(__always) func t(_ slots: Slots) -> SIMD2<Double> {
                base.loadUnaligned(
                    fromByteOffset: Self.byteOffset(slots, lane, of: BodyMotion.self) &+ translation, as: SIMD2<Double>.self)
            }
            return t(slotsB) - t(slotsA)
        }
        let p = Self.transpose(dp(0), dp(1), dp(2), dp(3))
        return PoseChange(dqAc: qA.first, dqAs: qA.second, dqBc: qB.first, dqBs: qB.second, dpx: p.first, dpy: p.second)
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

        /// The relax pass's target: the gap's closing speed for a speculative row, else 0 (a
        /// speculative row is not soft and its solve target is that same closing speed).
        var relaxBias: Lanes {
            @inline(__always) get { Lanes.zero.replacing(with: solveBias, where: .!soft) }
        }
    }

    /// The points' targets at the current poses (`aim0`, `aim1`), for a run of quads before any
    /// is solved: only integrating the positions moves the bodies, so the relax pass aims here
    /// and the next substep's solve pass, whose poses are the same, reads the targets.
    @inline(__always)
    mutating func aim(_ motions: UnsafeBufferPointer<BodyMotion>, inverseH: Double) {
        aim(poseChange(motions), inverseH: inverseH)
    }

    /// `aim` at the poses the step began with, where every body's motion is none: its rotation
    /// relative to its start rounds to exactly (1, +0) in single precision (`c² + s²` of a unit
    /// rotation lies within an ulp of 1 in double, and `c·s − s·c` is +0) and its translation is
    /// exactly +0 (`p − p`), so the targets are those `aim` gives from the step's first motions,
    /// to the bit, without gathering them. Run as each quad is laid out (`lay`), so that the
    /// step's first solve pass reads its targets as the later ones do.
    @inline(__always)
    mutating func aimAtStepStart(inverseH: Double) {
        aim(.none, inverseH: inverseH)
        if !twoPoints { aim1 = Aim() }
    }

    @inline(__always)
    private mutating func aim(_ d: PoseChange, inverseH: Double) {
        let inverseH = Float(inverseH)
        @inline(__always) func aim(_ p: Anchors, _ baseSeparation: Lanes) -> Aim {
            let separation = separation(p, baseSeparation, d)
            let speculative = separation .> 0
            let gapClosing = separation * inverseH
            let push = biasRate * separation
            let floor = Lanes(repeating: Float(-ContactConstants.maxPushOutSpeed))
            return Aim(
                solveBias: push.replacing(with: floor, where: floor .>= push).replacing(with: gapClosing, where: speculative),
                soft: .!speculative)
        }
        aim0 = aim(anchors0, baseSeparation0)
        if twoPoints { aim1 = aim(anchors1, baseSeparation1) }
    }

    /// `ContactConstraint.solve` for the four rows, towards the targets of the last `aim` (the
    /// poses do not move within a pass). Returns false, having written nothing, when a lane's
    /// 2×2 block problem has no solution (round-off); the caller then solves the rows one at a
    /// time.
    @inline(__always)
    mutating func solve(_ bodies: UnsafeMutableBufferPointer<BodyState>, useBias: Bool) -> Bool {
        if _slowPath(inOrder) { return useBias ? solvePointByPoint(bodies) : relaxPointByPoint(bodies) }
        if !twoPoints { return useBias ? solveOnePoint(bodies) : relaxOnePoint(bodies) }
        return solve(bodies, useBias: useBias, pointByPoint: false)
    }

    // One-point rows: their own copies too, out of line, so that the block rows' passes are
    // compiled alone (with the one-point path beside them, the block path spilled more).
    @inline(never)
    private mutating func solveOnePoint(_ bodies: UnsafeMutableBufferPointer<BodyState>) -> Bool {
        solve(bodies, useBias: true, pointByPoint: false, onePoint: true)
    }

    @inline(never)
    private mutating func relaxOnePoint(_ bodies: UnsafeMutableBufferPointer<BodyState>) -> Bool {
        solve(bodies, useBias: false, pointByPoint: false, onePoint: true)
    }

    // Rows solved point after point: a copy of the solve for each pass, out of line, so that
    // their code does not cost the other quads' passes.
    @inline(never)
    private mutating func solvePointByPoint(_ bodies: UnsafeMutableBufferPointer<BodyState>) -> Bool {
        solve(bodies, useBias: true, pointByPoint: true)
    }

    @inline(never)
    private mutating func relaxPointByPoint(_ bodies: UnsafeMutableBufferPointer<BodyState>) -> Bool {
        solve(bodies, useBias: false, pointByPoint: true)
    }

    /// `solve`, for rows solved point after point (`inOrder`) when `pointByPoint`, for one-point
    /// rows when `onePoint`, else for block rows.
    @inline(__always)
    private mutating func solve(
        _ bodies: UnsafeMutableBufferPointer<BodyState>, useBias: Bool, pointByPoint: Bool, onePoint: Bool = false
    ) -> Bool {
        var v = loadVelocities(bodies)
        let (nx, ny) = (normalX, normalY)

        var smoothLinear = Lanes.zero, smoothA = Lanes.zero, smoothB = Lanes.zero
        if useBias {
            let linear = MemoryLayout<BodyState>.offset(of: \.smoothVelocityChange)!
            let angular = MemoryLayout<BodyState>.offset(of: \.smoothAngularVelocityChange)!
            let sA = Self.gather(bodies, slotsA, at: linear), sB = Self.gather(bodies, slotsB, at: linear)
            let (sx, sy) = (sB.first - sA.first, sB.second - sA.second)
            smoothLinear = 0.5 * (nx * sx + ny * sy)
            smoothA = 0.5 * Self.gather(bodies, slotsA, at: angular).first
            smoothB = 0.5 * Self.gather(bodies, slotsB, at: angular).first
        }

        /// `normalRow` of `ContactConstraint.solve`: velocity, target, and whether the row is soft.
        @inline(__always) func normalRow(_ p: Arms, _ aim: Aim) -> (vn: Lanes, bias: Lanes, soft: Mask) {
            var vn = (nx * (v.vBx - v.vAx) + ny * (v.vBy - v.vAy)) + (v.wB * p.normalArmB - v.wA * p.normalArmA)
            if useBias { vn = vn - (smoothLinear + (smoothB * p.normalArmB - smoothA * p.normalArmA)) }
            if !useBias { return (vn, aim.relaxBias, Mask(repeating: false)) }
            return (vn, aim.solveBias, aim.soft)
        }
        // The masses are read where they are used: copied into locals first, they held four
        // registers through the whole row, and the block path spilled more.
        @inline(__always) func push(_ impulse: Lanes, _ dirX: Lanes, _ dirY: Lanes, armA: Lanes, armB: Lanes) {
            let linearA = inverseMassA * impulse, linearB = inverseMassB * impulse
            v.vAx = v.vAx - linearA * dirX
            v.vAy = v.vAy - linearA * dirY
            v.wA = v.wA - inverseInertiaA * impulse * armA
            v.vBx = v.vBx + linearB * dirX
            v.vBy = v.vBy + linearB * dirY
            v.wB = v.wB + inverseInertiaB * impulse * armB
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

        /// `single` of `ContactConstraint.solve`: one point's normal row on its own.
        @inline(__always) func single(
            _ r: (vn: Lanes, bias: Lanes, soft: Mask), _ arms: Arms, _ normalMass: Lanes, _ massScale: Lanes,
            _ impulseScale: Lanes, _ impulses: inout Impulses, _ largestNormalImpulse: inout Lanes
        ) {
            let l = impulses.normal
            var impulse = -normalMass * (r.vn + r.bias)
            if useBias {  // (a constant: no lane is soft in the relax pass)
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
            let r0 = normalRow(arms0, aim0)
            single(r0, arms0, normalMass0, massScale, impulseScale, &impulses0, &largestNormalImpulse0)
            let r1 = normalRow(arms1, aim1)
            single(r1, arms1, normalMass1, massScale, impulseScale, &impulses1, &largestNormalImpulse1)
            solveFriction(arms0, &impulses0)
            solveFriction(arms1, &impulses1)
            storeVelocities(v, bodies)
            return true
        }
        if onePoint {
            let (massScale, impulseScale, normalMass0) = (self.massScale, self.impulseScale, self.normalMass0)
            let r = normalRow(arms0, aim0)
            single(r, arms0, normalMass0, massScale, impulseScale, &impulses0, &largestNormalImpulse0)
            solveFriction(arms0, &impulses0)
            storeVelocities(v, bodies)
            return true
        }

        let r0 = normalRow(arms0, aim0)
        let r1 = normalRow(arms1, aim1)

        // The 2×2 problem of `ContactConstraint.complementarity`, all cases computed and selected.
        let s0 = Lanes.zero.replacing(with: blockSoftening0, where: r0.soft)
        let s1 = Lanes.zero.replacing(with: blockSoftening1, where: r1.soft)
        var inverse = inverseDeterminantRigid.replacing(with: inverseDeterminantSoft, where: r0.soft)
        if useBias { inverse.replace(with: 1 / ((k11 + s0) * (k22 + s1) - k12 * k12), where: r0.soft .^ r1.soft) }
        let k11s = useBias ? k11 + s0 : k11, k22s = useBias ? k22 + s1 : k22
        let (l0, l1) = (impulses0.normal, impulses1.normal)
        let b0 = r0.vn + r0.bias - (k11 * l0 + k12 * l1)
        let b1 = r1.vn + r1.bias - (k12 * l0 + k22 * l1)
        var x0 = (-k22s * b0 + k12 * b1) * inverse, x1 = (k12 * b0 - k11s * b1) * inverse
        // The other cases, in `complementarity`'s order, for lanes that lift a point: computed in
        // every lane and selected, with no branch around them (under a test, the lanes' values
        // met at its end and the optimizer took them apart, as in the warm start).
        let takeBoth = (x0 .>= 0) .& (x1 .>= 0)
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
