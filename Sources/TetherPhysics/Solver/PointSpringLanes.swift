/// A block of the step of independent bodies whose bodies each hang on a zero-length anchor
/// spring (`DistanceRow.pointSpring`), feel no force and do not turn, stepped with only the
/// values their substeps read and write.
///
/// For such a body a substep is the spring's pass and the position update, 13 to 15 vector
/// operations on its position, velocity and anchor. The block goes through them one substep at
/// a time, each substep a pass over its bodies: the first pass reads each body and its spring
/// from their records, the last writes them back, and between passes only the position,
/// velocity and anchor wait, in arrays of their own (the lanes). A pass does not carry a body
/// through more substeps: one body's substeps form one chain of dependent arithmetic, and a
/// pass of one substep leaves the processor many bodies to overlap (two substeps per pass took
/// 5 % fewer instructions and 30 % more time).
///
/// The operations per body, and their order, are those of `AnchorSpring.beginSubstep(on:)` and
/// `BodyState.integratePosition(h:)` (x and y as the two lanes of a `SIMD2`, which computes
/// each lane as the scalar code does), so the bits are the same.
struct PointSpringLanes {
    private let position: UnsafeMutablePointer<SIMD2<Double>>
    private let velocity: UnsafeMutablePointer<SIMD2<Double>>
    private let anchor: UnsafeMutablePointer<SIMD2<Double>>
    /// Each lane's spring coefficients (the first lane's only, when the block's springs share
    /// them).
    private let springs: UnsafeMutablePointer<SpringVectors>
    /// How many bodies a block holds at most.
    private let capacity: Int

    /// Runs `body` with lanes for up to `capacity` bodies.
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

    /// All substeps of the bodies in `slots` (at most `capacity`, all on point springs as `run`
    /// from the step's preparation says), written back to them and their springs, folding the
    /// squared speeds of the last substep into `fastest` body after body (the angular one is
    /// zero: nothing turns) and adding each body's new position and its rotation into `probe`
    /// (`World.stepIndependentBodies`: a sum that is finite only if each value is); not its
    /// rotation when `rotationsKnownFinite` (the bodies were known finite when the step began,
    /// and the lanes leave rotations as they are).
    /// `leftByLanes`: the bodies are as the lanes left them in the last step
    /// (`World.bodiesAreKnownLaneReady`), so none turns and their smooth velocity changes are +0:
    /// the first pass neither checks nor reads them.
    /// False, with nothing changed, when a body of the block turns: the caller steps the block
    /// the general way.
    func step(
        _ slots: Range<Int>, _ run: PointSpringRun, _ bodies: UnsafeMutableBufferPointer<BodyState>,
        _ springs: UnsafeMutableBufferPointer<AnchorSpring>, _ springBySlot: UnsafeBufferPointer<Int32>,
        h: Double, substeps: Int, fastest: inout (linear: Double, angular: Double), probe: inout SIMD2<Double>,
        rotationsKnownFinite: Bool, leftByLanes: Bool
    ) -> Bool {
        precondition(slots.count <= capacity && run.covers(slots.count), "a block larger than its lanes, or not all on point springs")
        let bodies = bodies.baseAddress!
        let first = Int(springBySlot[slots.lowerBound])
        let shared: TrapezoidalSpring?
        if run.sharesCoefficients(slots.count), case .pointSpring(let row) = springs[first].row { shared = row } else { shared = nil }
        if run.hasSpringsInOrder(slots.count) {
            let inOrder = SpringsInOrder(first: springs.baseAddress! + first, slot: slots.lowerBound)
            if leftByLanes {
                let records = Records<SpringsInOrder, AsLanesLeftThem>(bodies: bodies, springs: inOrder)
                return step(slots, records, shared, h: h, substeps: substeps, fastest: &fastest, probe: &probe, rotationsKnownFinite: rotationsKnownFinite)
            }
            let records = Records<SpringsInOrder, AsFound>(bodies: bodies, springs: inOrder)
            return step(slots, records, shared, h: h, substeps: substeps, fastest: &fastest, probe: &probe, rotationsKnownFinite: rotationsKnownFinite)
        }
        let bySlot = SpringsBySlot(springs: springs.baseAddress!, bySlot: springBySlot.baseAddress!)
        if leftByLanes {
            let records = Records<SpringsBySlot, AsLanesLeftThem>(bodies: bodies, springs: bySlot)
            return step(slots, records, shared, h: h, substeps: substeps, fastest: &fastest, probe: &probe, rotationsKnownFinite: rotationsKnownFinite)
        }
        let records = Records<SpringsBySlot, AsFound>(bodies: bodies, springs: bySlot)
        return step(slots, records, shared, h: h, substeps: substeps, fastest: &fastest, probe: &probe, rotationsKnownFinite: rotationsKnownFinite)
    }

    @inline(__always)
    private func step<Springs: SpringLookup, Start: BodiesAtStart>(
        _ slots: Range<Int>, _ records: Records<Springs, Start>, _ shared: TrapezoidalSpring?, h: Double, substeps: Int,
        fastest: inout (linear: Double, angular: Double), probe: inout SIMD2<Double>, rotationsKnownFinite: Bool
    ) -> Bool {
        guard let shared else {
            return step(slots, records, EachLane(springs: springs), h: h, substeps: substeps, fastest: &fastest, probe: &probe, rotationsKnownFinite: rotationsKnownFinite)
        }
        return step(slots, records, Shared(shared, in: springs), h: h, substeps: substeps, fastest: &fastest, probe: &probe, rotationsKnownFinite: rotationsKnownFinite)
    }

    @inline(__always)
    private func step<Springs: SpringLookup, Start: BodiesAtStart, Coefficients: LaneCoefficients>(
        _ slots: Range<Int>, _ records: Records<Springs, Start>, _ coefficients: Coefficients, h: Double, substeps: Int,
        fastest: inout (linear: Double, angular: Double), probe: inout SIMD2<Double>, rotationsKnownFinite: Bool
    ) -> Bool {
        let base = slots.lowerBound
        let (position, velocity, anchor) = (self.position, self.velocity, self.anchor)
        /// The largest squared speed so far, the last substep's of each body folded in order,
        /// as `World.faster` folds them with `max`: `>` (one instruction) keeps the new value
        /// only when it is larger, so a NaN is passed over as `max` passes it over, and a tie
        /// keeps bits equal to the new one's (a sum of squares is never −0).
        var linear = fastest.linear
        /// The squared speeds added up (the blow-up check's probe, below).
        var squares = SIMD2<Double>.zero
        @inline(__always) func fold(_ moved: SIMD2<Double>) {
            let squared = moved.x * moved.x + moved.y * moved.y
            linear = squared > linear ? squared : linear
            squares.x += squared
        }
        // Every body must fit before any is written (the first pass writes only the lanes when
        // there are more substeps, but the check costs less as a loop of its own).
        for slot in slots where records.turns(slot) { return false }
        if substeps == 1 {
            for slot in slots {
                let spring = coefficients.load(slot &- base, records.springs[slot].pointee.row)
                var (body, start) = records.load(slot)
                let last = body.substep(start: start, spring, h: h)
                records.store(slot, body, last)
                fold(last.moved)
            }
        } else {
            Self.twoAtATime(slots.count) { lane in
                let slot = base &+ lane
                let spring = coefficients.load(lane, records.springs[slot].pointee.row)
                var (body, start) = records.load(slot)
                _ = body.substep(start: start, spring, h: h)
                (position[lane], velocity[lane], anchor[lane]) = (body.position, body.velocity, body.anchor)
            }
            for _ in 2..<substeps {
                Self.twoAtATime(slots.count) { lane in
                    var body = PointSpringBody(position: position[lane], velocity: velocity[lane], anchor: anchor[lane])
                    _ = body.substep(start: .zero, coefficients[lane], h: h)
                    (position[lane], velocity[lane]) = (body.position, body.velocity)
                }
            }
            // Two bodies' squared speeds at once, each lane of `fastestOfLane` folding every
            // other body's as `fold` does: the fold keeps the largest value that is not a NaN
            // (`linear` never is one), whatever the order, so two folds joined by `>` end where
            // the one would.
            var fastestOfLane = SIMD2(repeating: linear)
            Self.twoAtATime(slots.count) { lane in
                var body = PointSpringBody(position: position[lane], velocity: velocity[lane], anchor: anchor[lane])
                let last = body.substep(start: .zero, coefficients[lane], h: h)
                records.store(base &+ lane, body, last)
                return last.moved
            } pair: { first, second in
                let (x, y) = (SIMD2(first.x, second.x), SIMD2(first.y, second.y))
                let squared = x * x + y * y
                fastestOfLane.replace(with: squared, where: squared .> fastestOfLane)
                squares += squared
            } odd: { moved in
                fold(moved)
            }
            linear = fastestOfLane.x > linear ? fastestOfLane.x : linear
            linear = fastestOfLane.y > linear ? fastestOfLane.y : linear
        }
        // What the bodies leave for the blow-up check. With their rotations known finite, the
        // sum of the last substep's squared speeds: it is finite only if every velocity the
        // positions moved with is, and such a velocity is finite only if the position, velocity
        // and anchor the substep began with and the velocity it left are (an infinity or a NaN
        // in any of them reaches it through the spring's velocity change, or through
        // `v + Δv − ½·Δv`); and a finite position moved by h times such a velocity (each
        // component below 10^154) stays finite.
        // The angular velocity is ±0, or the block would not be here. Otherwise each body's
        // position and rotation, read back from the block while it is in the first-level
        // cache (summed in the last pass, the positions took shuffles of the spring's
        // coefficients into it: 14 instructions a body).
        if rotationsKnownFinite {
            probe += squares
        } else {
            var (positions, rotations) = (probe, SIMD2<Double>.zero)
            for slot in slots {
                let placement = records.placement(slot)
                positions += placement.position
                rotations += placement.rotation
            }
            probe = positions + rotations
        }
        // Every body's squared angular speed is zero (`max` keeps the larger, as the general
        // step does).
        fastest = World.faster((linear, fastest.angular), (0, 0))
        return true
    }
}

extension PointSpringLanes {
    /// `body` for each lane below `count` in order, two lanes an iteration: the loop's
    /// counting and pointer steps are shared by two bodies (the bodies' arithmetic is
    /// independent, so the order of operations of each body is unchanged).
    @inline(__always)
    fileprivate static func twoAtATime(_ count: Int, _ body: (Int) -> Void) {
        var (lane, pairs) = (0, count >> 1)
        while pairs != 0 {
            body(lane)
            body(lane &+ 1)
            lane &+= 2
            pairs &-= 1
        }
        if count & 1 != 0 { body(lane) }
    }

    /// `body` for each lane below `count` in order, two lanes an iteration, handing what each
    /// pair of lanes returns to `pair` and that of a last lane without a partner to `odd`.
    @inline(__always)
    fileprivate static func twoAtATime(
        _ count: Int, _ body: (Int) -> SIMD2<Double>, pair: (SIMD2<Double>, SIMD2<Double>) -> Void,
        odd: (SIMD2<Double>) -> Void
    ) {
        var (lane, pairs) = (0, count >> 1)
        while pairs != 0 {
            let first = body(lane)
            pair(first, body(lane &+ 1))
            lane &+= 2
            pairs &-= 1
        }
        if count & 1 != 0 { odd(body(lane)) }
    }
}

/// A body on a zero-length spring through a substep, in registers.
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
        // v − ½·x as v + (−½)·x, the same bits (a negated product, added), which leaves v in
        // its register for the store instead of copying it to subtract from; −½ is read from
        // memory, or the optimizer turns the sum back into the difference.
        let moved = newVelocity + spring.negativeHalf * (start + delta)
        velocity = newVelocity
        position += h * moved
        return Substep(bias: bias, velocityChange: SIMD2<Double>.zero + delta, moved: moved)
    }
}

/// What the step's preparation found about the springs of the slots from one on: how many in a
/// row hold their bodies by point springs, how many of those have the first one's coefficients,
/// bit for bit, and how many follow each other in the springs' column
/// (`JointStore.pointSpringRuns`).
struct PointSpringRun: Sendable, Equatable {
    var pointSprings: Int32 = 0
    var sharingCoefficients: Int32 = 0
    var inOrder: Int32 = 0

    /// Whether the `count` slots from this one all hang on point springs.
    @inline(__always) func covers(_ count: Int) -> Bool { Int(pointSprings) >= count }
    /// Whether their springs all have the same coefficients.
    @inline(__always) func sharesCoefficients(_ count: Int) -> Bool { Int(sharingCoefficients) >= count }
    /// Whether their springs are consecutive in the column, in slot order.
    @inline(__always) func hasSpringsInOrder(_ count: Int) -> Bool { Int(inOrder) >= count }
}

/// The records the first pass reads and the last writes: the bodies, and their springs found
/// through `Springs`; `Start` tells what is known of the bodies before they are read.
private struct Records<Springs: SpringLookup, Start: BodiesAtStart> {
    let bodies: UnsafeMutablePointer<BodyState>
    let springs: Springs

    /// Whether the body turns or has begun to (then the lanes cannot take it).
    @inline(__always) func turns(_ slot: Int) -> Bool {
        if Start.leftByLanes { return false }
        let body = bodies + slot
        // Both are ±0 exactly when neither has a bit set but the sign.
        return (body.pointee.angularVelocity.bitPattern | body.pointee.smoothAngularVelocityChange.bitPattern) << 1 != 0
    }

    /// The body of `slot`, with its spring's anchor, and its smooth velocity change: the
    /// substeps' start.
    @inline(__always) func load(_ slot: Int) -> (body: PointSpringBody, start: SIMD2<Double>) {
        let body = bodies + slot
        return (
            PointSpringBody(position: SIMD2(body.pointee.position), velocity: SIMD2(body.pointee.velocity), anchor: SIMD2(springs[slot].pointee.anchor)),
            Start.leftByLanes ? .zero : SIMD2(body.pointee.smoothVelocityChange)
        )
    }

    /// The body's position and rotation, each read as one vector.
    @inline(__always) func placement(_ slot: Int) -> (position: SIMD2<Double>, rotation: SIMD2<Double>) {
        let body = UnsafeRawPointer(bodies + slot)
        return (
            body.loadUnaligned(fromByteOffset: Self.positionOffset, as: SIMD2<Double>.self),
            body.loadUnaligned(fromByteOffset: Self.rotationOffset, as: SIMD2<Double>.self)
        )
    }
    private static var positionOffset: Int { MemoryLayout<BodyState>.offset(of: \.position)! }
    private static var rotationOffset: Int { MemoryLayout<BodyState>.offset(of: \.rotation)! }

    /// Writes what the last substep left: the body's position and velocity (its smooth changes
    /// cleared, as the position update does, unless the lanes left them +0 already) and its
    /// spring's bias and velocity change.
    @inline(__always) func store(_ slot: Int, _ body: PointSpringBody, _ last: PointSpringBody.Substep) {
        let spring = springs[slot]
        spring.pointee.bias = Vec2(last.bias)
        spring.pointee.velocityChange = Vec2(last.velocityChange)
        let state = bodies + slot
        state.pointee.velocity = Vec2(body.velocity)
        if !Start.leftByLanes {
            state.pointee.smoothVelocityChange = .zero
            state.pointee.smoothAngularVelocityChange = 0
        }
        state.pointee.position = Vec2(body.position)
    }
}

/// What the first pass knows of the bodies before it reads them.
private protocol BodiesAtStart {
    /// Whether the bodies are as the lanes left them in the last step (`World.bodiesAreKnownLaneReady`):
    /// none turns, and each one's smooth velocity changes are +0 (the last pass wrote them), so
    /// the substep starts as the later ones do (`v − (+0)` is `v`, bit for bit), and the last
    /// pass need not clear them again.
    static var leftByLanes: Bool { get }
}

/// Bodies as anything may have left them: each is checked and its smooth change read.
private enum AsFound: BodiesAtStart {
    static var leftByLanes: Bool { false }
}

/// Bodies as the lanes left them.
private enum AsLanesLeftThem: BodiesAtStart {
    static var leftByLanes: Bool { true }
}

/// Where the spring of a body slot is.
private protocol SpringLookup {
    subscript(slot: Int) -> UnsafeMutablePointer<AnchorSpring> { get }
}

/// Through the slots' spring indexes.
private struct SpringsBySlot: SpringLookup {
    let springs: UnsafeMutablePointer<AnchorSpring>
    let bySlot: UnsafePointer<Int32>
    @inline(__always) subscript(slot: Int) -> UnsafeMutablePointer<AnchorSpring> { springs + Int(bySlot[slot]) }
}

/// Springs that follow each other as their slots do: `first` is the spring of `slot`.
private struct SpringsInOrder: SpringLookup {
    let first: UnsafeMutablePointer<AnchorSpring>
    let slot: Int
    @inline(__always) subscript(slot: Int) -> UnsafeMutablePointer<AnchorSpring> { first + (slot &- self.slot) }
}

/// A spring's coefficients, each in both lanes, the implicit scale negated.
struct SpringVectors {
    let stiffness, damping, negativeScale: SIMD2<Double>
    /// −½ (`PointSpringBody.substep`).
    let negativeHalf = SIMD2<Double>(repeating: -0.5)

    @inline(__always) init(_ spring: TrapezoidalSpring) {
        stiffness = SIMD2(repeating: spring.stiffnessPerSubstep)
        damping = SIMD2(repeating: spring.dampingPerSubstep)
        negativeScale = SIMD2(repeating: -spring.implicitScale)
    }
}

/// Where a lane's spring coefficients come from.
private protocol LaneCoefficients {
    /// In the first pass: the coefficients of `lane`, whose spring's row is `row`.
    func load(_ lane: Int, _ row: DistanceRow) -> SpringVectors
    /// In a later pass.
    subscript(lane: Int) -> SpringVectors { get }
}

/// The same for every lane, read from the lanes' memory at each use. Held in registers, they
/// were first loaded as one vector from the spring's row, and the optimizer mixed the
/// stiffness and damping lanes into shuffles that cost a quarter more instructions per pass.
private struct Shared: LaneCoefficients {
    let springs: UnsafeMutablePointer<SpringVectors>

    init(_ spring: TrapezoidalSpring, in springs: UnsafeMutablePointer<SpringVectors>) {
        springs[0] = SpringVectors(spring)
        self.springs = springs
    }

    @inline(__always) func load(_ lane: Int, _ row: DistanceRow) -> SpringVectors { springs[0] }
    @inline(__always) subscript(lane: Int) -> SpringVectors { springs[0] }
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
