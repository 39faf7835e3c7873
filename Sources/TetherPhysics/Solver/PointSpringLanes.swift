/// A block of the step of independent bodies whose bodies each hang on a zero-length anchor
/// spring (`DistanceRow.pointSpring`), feel no force and do not turn, stepped with only the
/// values their substeps read and write.
///
/// For such a body a substep is the spring's pass and the position update, 13 to 15 vector
/// operations on its position, velocity and anchor. The block goes through its substeps in
/// passes of `substepsPerPass`: each pass carries one body at a time through that many substeps
/// in registers. The first pass reads the body and its spring from their records, the last
/// writes them back; between passes the position, velocity and anchor wait in arrays of their
/// own (the lanes). A pass is not longer because one body's substeps form one chain of dependent
/// arithmetic: a pass of a few substeps leaves the processor enough bodies in flight to overlap
/// their chains.
///
/// The operations per body, and their order, are those of `AnchorSpring.beginSubstep(on:)` and
/// `BodyState.integratePosition(h:)` (x and y as the two lanes of a `SIMD2`, which computes
/// each lane as the scalar code does), so the bits are the same.
struct PointSpringLanes {
    private let position: UnsafeMutablePointer<SIMD2<Double>>
    private let velocity: UnsafeMutablePointer<SIMD2<Double>>
    private let anchor: UnsafeMutablePointer<SIMD2<Double>>
    /// Each lane's spring coefficients, for blocks whose springs do not all share them.
    private let springs: UnsafeMutablePointer<SpringVectors>
    /// How many bodies a block holds at most.
    private let capacity: Int

    /// How many substeps a pass carries each body through (see the type's comment).
    static let substepsPerPass = 2

    /// Runs `body` with lanes for up to `capacity` bodies, on the stack.
    static func withLanes<Result>(capacity: Int, _ body: (PointSpringLanes) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: SIMD2<Double>.self, capacity: 3 * capacity) { vectors in
            withUnsafeTemporaryAllocation(of: SpringVectors.self, capacity: capacity) { springs in
                let v = vectors.baseAddress!
                return body(
                    PointSpringLanes(
                        position: v, velocity: v + capacity, anchor: v + 2 * capacity, springs: springs.baseAddress!,
                        capacity: capacity))
            }
        }
    }

    /// All substeps of the bodies in `slots` (at most `capacity`), written back to them and
    /// their springs, folding the squared speeds of the last substep into `fastest` body after
    /// body (the angular one is zero: nothing turns). `run` says what the step's preparation
    /// found about the springs of `slots`. False, with nothing changed, when a body of the
    /// block turns: the caller steps the block the general way.
    func step(
        _ slots: Range<Int>, _ run: PointSpringRun, _ bodies: UnsafeMutableBufferPointer<BodyState>,
        _ springs: UnsafeMutableBufferPointer<AnchorSpring>, _ springBySlot: UnsafeBufferPointer<Int32>,
        h: Double, substeps: Int, fastest: inout (linear: Double, angular: Double)
    ) -> Bool {
        precondition(slots.count <= capacity && run.covers(slots.count), "a block larger than its lanes, or not all on point springs")
        let records = Records(bodies, springs, springBySlot)
        if run.sharesCoefficients(slots.count), case .pointSpring(let shared) = springs[Int(springBySlot[slots.lowerBound])].row {
            return step(slots, records, Shared(shared, in: self.springs), h: h, substeps: substeps, fastest: &fastest)
        }
        return step(slots, records, EachLane(springs: self.springs), h: h, substeps: substeps, fastest: &fastest)
    }

    /// The records the first pass reads and the last writes.
    private struct Records {
        let bodies: UnsafeMutablePointer<BodyState>
        let springs: UnsafeMutablePointer<AnchorSpring>
        let springBySlot: UnsafePointer<Int32>

        init(_ bodies: UnsafeMutableBufferPointer<BodyState>, _ springs: UnsafeMutableBufferPointer<AnchorSpring>, _ springBySlot: UnsafeBufferPointer<Int32>) {
            (self.bodies, self.springs, self.springBySlot) = (bodies.baseAddress!, springs.baseAddress!, springBySlot.baseAddress!)
        }

        /// The spring of the body in `slot` (a point spring: `PointSpringRun` says so).
        @inline(__always) func spring(_ slot: Int) -> UnsafeMutablePointer<AnchorSpring> { springs + Int(springBySlot[slot]) }

        /// Whether the body turns or has begun to (then the lanes cannot take it).
        @inline(__always) func turns(_ slot: Int) -> Bool {
            let body = bodies + slot
            // Both are ±0 exactly when neither has a bit set but the sign.
            return (body.pointee.angularVelocity.bitPattern | body.pointee.smoothAngularVelocityChange.bitPattern) << 1 != 0
        }

        /// The body of `slot`, with its spring, as the first substep finds it.
        @inline(__always) func load(_ slot: Int) -> (body: PointSpringBody, start: SIMD2<Double>) {
            let body = bodies + slot
            return (
                PointSpringBody(position: SIMD2(body.pointee.position), velocity: SIMD2(body.pointee.velocity), anchor: SIMD2(spring(slot).pointee.anchor)),
                SIMD2(body.pointee.smoothVelocityChange)
            )
        }

        /// Writes what the last substep left: the body's position and velocity (its smooth
        /// changes cleared, as the position update does) and its spring's bias and velocity
        /// change.
        @inline(__always) func store(_ slot: Int, _ body: PointSpringBody, _ last: PointSpringBody.Substep) {
            let spring = spring(slot)
            spring.pointee.bias = Vec2(last.bias)
            spring.pointee.velocityChange = Vec2(last.velocityChange)
            let state = bodies + slot
            state.pointee.velocity = Vec2(body.velocity)
            state.pointee.smoothVelocityChange = .zero
            state.pointee.smoothAngularVelocityChange = 0
            state.pointee.position = Vec2(body.position)
        }
    }

    @inline(__always)
    private func step<Coefficients: LaneCoefficients>(
        _ slots: Range<Int>, _ records: Records, _ coefficients: Coefficients, h: Double, substeps: Int,
        fastest: inout (linear: Double, angular: Double)
    ) -> Bool {
        let (base, perPass) = (slots.lowerBound, Self.substepsPerPass)
        let (position, velocity, anchor) = (self.position, self.velocity, self.anchor)
        /// The largest squared speed so far, the last substep's of each body folded in order.
        /// `>` picks the earlier value on a tie and on NaN, as `max` (and `World.faster`) does
        /// for these values (never −0, and the fold never holds NaN).
        var linear = fastest.linear
        @inline(__always) func fold(_ moved: SIMD2<Double>) {
            let squared = moved.x * moved.x + moved.y * moved.y
            linear = squared > linear ? squared : linear
        }
        /// `count` substeps from zero smooth change, the last one's results.
        @inline(__always) func restingSubsteps(_ count: Int, _ body: inout PointSpringBody, _ spring: SpringVectors) -> PointSpringBody.Substep {
            var last = body.substep(start: .zero, spring, h: h)
            for _ in 1..<count { last = body.substep(start: .zero, spring, h: h) }
            return last
        }
        if substeps <= perPass {
            // One pass reads and writes the records: every body must fit before any is written.
            for slot in slots where records.turns(slot) { return false }
            for slot in slots {
                let spring = coefficients.load(slot &- base, records.spring(slot).pointee.row)
                var (body, start) = records.load(slot)
                var last = body.substep(start: start, spring, h: h)
                if substeps > 1 { last = restingSubsteps(substeps - 1, &body, spring) }
                records.store(slot, body, last)
                fold(last.moved)
            }
        } else {
            // The first pass writes only the lanes, so a body that does not fit can still send
            // the block the general way.
            for slot in slots {
                if records.turns(slot) { return false }
                let lane = slot &- base
                let spring = coefficients.load(lane, records.spring(slot).pointee.row)
                var (body, start) = records.load(slot)
                _ = body.substep(start: start, spring, h: h)
                _ = restingSubsteps(perPass - 1, &body, spring)
                (position[lane], velocity[lane], anchor[lane]) = (body.position, body.velocity, body.anchor)
            }
            var left = substeps - perPass
            while left > perPass {
                for lane in 0..<slots.count {
                    let spring = coefficients[lane]
                    var body = PointSpringBody(position: position[lane], velocity: velocity[lane], anchor: anchor[lane])
                    _ = restingSubsteps(perPass, &body, spring)
                    (position[lane], velocity[lane]) = (body.position, body.velocity)
                }
                left -= perPass
            }
            @inline(__always) func lastPass(_ count: Int) {
                for slot in slots {
                    let lane = slot &- base
                    let spring = coefficients[lane]
                    var body = PointSpringBody(position: position[lane], velocity: velocity[lane], anchor: anchor[lane])
                    let last = restingSubsteps(count, &body, spring)
                    records.store(slot, body, last)
                    fold(last.moved)
                }
            }
            if left == perPass { lastPass(perPass) } else { lastPass(left) }
        }
        // Every body's angular speed squared is zero (`max` keeps the larger, as the general step would).
        fastest = World.faster((linear, fastest.angular), (0, 0))
        return true
    }
}

/// A body on a zero-length spring, held in registers through its substeps.
struct PointSpringBody {
    var position: SIMD2<Double>
    var velocity: SIMD2<Double>
    let anchor: SIMD2<Double>

    /// What a substep leaves besides the body: the spring's bias and velocity change, and the
    /// velocity the position moved with.
    struct Substep {
        let bias, velocityChange, moved: SIMD2<Double>
    }

    /// One substep: the spring's biased pass (`AnchorSpring.update`, point spring, first pass)
    /// and the trapezoidal position update, from the smooth velocity change `start` the substep
    /// began with (the body's own in the step's first substep, zero after it: the position
    /// update clears it and no force adds to it).
    @inline(__always)
    mutating func substep(start: SIMD2<Double>, _ spring: SpringVectors, h: Double) -> Substep {
        let (k, c, negativeScale) = (spring.stiffness, spring.damping, spring.negativeScale)
        let v = velocity
        let bias = k * (position - anchor) + c * (v - start)
        let delta = negativeScale * (bias + c * v + SIMD2<Double>.zero)
        let newVelocity = v + delta
        let moved = newVelocity - 0.5 * (start + delta)
        velocity = newVelocity
        position += h * moved
        return Substep(bias: bias, velocityChange: SIMD2<Double>.zero + delta, moved: moved)
    }
}

/// What the step's preparation found about the springs of the slots from one on: how many in a
/// row hold their bodies by point springs, and how many of those have the first one's
/// coefficients, bit for bit (`JointStore.pointSpringRuns`).
struct PointSpringRun: Sendable, Equatable {
    var pointSprings: Int32 = 0
    var sharingCoefficients: Int32 = 0

    /// Whether the `count` slots from this one all hang on point springs.
    @inline(__always) func covers(_ count: Int) -> Bool { Int(pointSprings) >= count }
    /// Whether their springs all have the same coefficients.
    @inline(__always) func sharesCoefficients(_ count: Int) -> Bool { Int(sharingCoefficients) >= count }
}

/// Where a lane's spring coefficients come from.
private protocol LaneCoefficients {
    /// In the first pass: the coefficients of `lane`, whose spring's row is `row`.
    func load(_ lane: Int, _ row: DistanceRow) -> SpringVectors
    /// In a later pass.
    subscript(lane: Int) -> SpringVectors { get }
}

/// The same for every lane: held in registers through the substeps.
private struct Shared: LaneCoefficients {
    let springs: UnsafeMutablePointer<SpringVectors>
    init(_ spring: TrapezoidalSpring, in springs: UnsafeMutablePointer<SpringVectors>) {
        springs[0] = SpringVectors(spring)
        self.springs = springs
    }
    @inline(__always) func load(_ lane: Int, _ row: DistanceRow) -> SpringVectors { springs[0] }
    @inline(__always) subscript(lane: Int) -> SpringVectors { springs[0] }
}

/// A spring's coefficients, each in both lanes.
struct SpringVectors {
    let stiffness, damping, negativeScale: SIMD2<Double>
    @inline(__always) init(_ spring: TrapezoidalSpring) {
        stiffness = SIMD2(repeating: spring.stiffnessPerSubstep)
        damping = SIMD2(repeating: spring.dampingPerSubstep)
        negativeScale = SIMD2(repeating: -spring.implicitScale)
    }
}

/// Each lane's own, kept in the lanes between passes.
private struct EachLane: LaneCoefficients {
    let springs: UnsafeMutablePointer<SpringVectors>
    @inline(__always) func load(_ lane: Int, _ row: DistanceRow) -> SpringVectors {
        guard case .pointSpring(let row) = row else { preconditionFailure("a point spring's run holds another row") }
        springs[lane] = SpringVectors(row)
        return springs[lane]
    }
    @inline(__always) subscript(lane: Int) -> SpringVectors { springs[lane] }
}

extension SIMD2 where Scalar == Double {
    init(_ v: Vec2) { self.init(v.x, v.y) }
}

extension Vec2 {
    init(_ v: SIMD2<Double>) { self.init(v.x, v.y) }
}
