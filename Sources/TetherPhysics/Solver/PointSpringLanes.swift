/// A block of the step of independent bodies laid out for its substeps: bodies that each hang
/// on a zero-length anchor spring (`DistanceRow.pointSpring`), feel no force and do not turn,
/// with only the values their substeps read and write, each kind in an array of its own.
///
/// For such a body a substep is the spring's pass and the position update, about 25
/// operations; moving the whole 80-byte `BodyState` and the 136-byte spring record through
/// every substep cost more than the arithmetic. Here the block is loaded once per step, its
/// substeps read 48 bytes per body (and the spring's coefficients, unless the block's springs
/// share them) and write 32, and the spring record and body are written once at the end.
/// The operations per body, and their order, are those of `AnchorSpring.beginSubstep(on:)` and
/// `BodyState.integratePosition(h:)` (x and y as the two lanes of a `SIMD2`, which computes
/// each lane as the scalar code does), so the bits are the same.
struct PointSpringLanes {
    private let position: UnsafeMutablePointer<SIMD2<Double>>
    private let velocity: UnsafeMutablePointer<SIMD2<Double>>
    /// The body's smooth velocity change at the step's start.
    private let smoothVelocityChange: UnsafeMutablePointer<SIMD2<Double>>
    private let anchor: UnsafeMutablePointer<SIMD2<Double>>
    private let stiffnessPerSubstep: UnsafeMutablePointer<Double>
    private let dampingPerSubstep: UnsafeMutablePointer<Double>
    private let implicitScale: UnsafeMutablePointer<Double>
    /// How many bodies a block holds at most.
    private let capacity: Int

    /// Runs `body` with lanes for up to `capacity` bodies, on the stack.
    static func withLanes<Result>(capacity: Int, _ body: (PointSpringLanes) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: SIMD2<Double>.self, capacity: 4 * capacity) { vectors in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * capacity) { scalars in
                let (v, s) = (vectors.baseAddress!, scalars.baseAddress!)
                return body(
                    PointSpringLanes(
                        position: v, velocity: v + capacity, smoothVelocityChange: v + 2 * capacity,
                        anchor: v + 3 * capacity, stiffnessPerSubstep: s, dampingPerSubstep: s + capacity, implicitScale: s + 2 * capacity,
                        capacity: capacity))
            }
        }
    }

    /// Loads the bodies in `slots` (at most `capacity`); false when one of them does not fit
    /// (no spring, another row, or it turns), and the caller steps the block the general way.
    func load(
        _ slots: Range<Int>, _ bodies: UnsafeMutableBufferPointer<BodyState>,
        _ springs: UnsafeMutableBufferPointer<AnchorSpring>, _ springBySlot: UnsafeBufferPointer<Int32>
    ) -> Bool {
        precondition(slots.count <= capacity, "a block larger than its lanes")
        for slot in slots {
            let spring = Int(springBySlot[slot])
            guard spring >= 0, case .pointSpring(let row) = springs[spring].row else { return false }
            let body = bodies[slot]
            guard body.angularVelocity == 0 && body.smoothAngularVelocityChange == 0 else { return false }
            let lane = slot - slots.lowerBound
            position[lane] = SIMD2(body.position)
            velocity[lane] = SIMD2(body.velocity)
            smoothVelocityChange[lane] = SIMD2(body.smoothVelocityChange)
            anchor[lane] = SIMD2(springs[spring].anchor)
            (stiffnessPerSubstep[lane], dampingPerSubstep[lane], implicitScale[lane]) = (row.stiffnessPerSubstep, row.dampingPerSubstep, row.implicitScale)
        }
        return true
    }

    /// All substeps of the loaded bodies, then writes them and their springs back; folds the
    /// squared speeds of the last substep into `fastest`, body after body (the angular one is
    /// zero: nothing turns). When every spring of the block has the same coefficients (the
    /// springy list's do), they stay in registers instead of being loaded per body and substep.
    func step(
        _ slots: Range<Int>, _ bodies: UnsafeMutableBufferPointer<BodyState>,
        _ springs: UnsafeMutableBufferPointer<AnchorSpring>, _ springBySlot: UnsafeBufferPointer<Int32>,
        h: Double, substeps: Int, fastest: inout (linear: Double, angular: Double)
    ) {
        if let shared = sharedCoefficients(count: slots.count) {
            step(slots, bodies, springs, springBySlot, shared, h: h, substeps: substeps, fastest: &fastest)
        } else {
            let each = EachLane(stiffnessPerSubstep: stiffnessPerSubstep, dampingPerSubstep: dampingPerSubstep, implicitScale: implicitScale)
            step(slots, bodies, springs, springBySlot, each, h: h, substeps: substeps, fastest: &fastest)
        }
    }

    /// The coefficients every loaded spring has, bit for bit, if they all have the same.
    private func sharedCoefficients(count: Int) -> SharedCoefficients? {
        let first = SharedCoefficients(stiffnessPerSubstep: stiffnessPerSubstep[0], dampingPerSubstep: dampingPerSubstep[0], implicitScale: implicitScale[0])
        for lane in 1..<max(count, 1) {
            if stiffnessPerSubstep[lane].bitPattern != first.stiffnessPerSubstep.bitPattern || dampingPerSubstep[lane].bitPattern != first.dampingPerSubstep.bitPattern
                || implicitScale[lane].bitPattern != first.implicitScale.bitPattern
            {
                return nil
            }
        }
        return first
    }

    @inline(__always)
    private func step<Coefficients: LaneCoefficients>(
        _ slots: Range<Int>, _ bodies: UnsafeMutableBufferPointer<BodyState>,
        _ springs: UnsafeMutableBufferPointer<AnchorSpring>, _ springBySlot: UnsafeBufferPointer<Int32>,
        _ coefficients: Coefficients, h: Double, substeps: Int, fastest: inout (linear: Double, angular: Double)
    ) {
        let count = slots.count
        // The smooth change at a substep's start is the body's own in the first substep and
        // zero after it (the position update clears it and no force adds to it).
        if substeps > 1 {
            for lane in 0..<count { _ = substep(lane, start: smoothVelocityChange[lane], coefficients, h: h) }
        }
        for _ in 2..<max(substeps, 2) {
            for lane in 0..<count { _ = substep(lane, start: .zero, coefficients, h: h) }
        }
        for lane in 0..<count {
            let start = substeps > 1 ? .zero : smoothVelocityChange[lane]
            let (bias, velocityChange, moved) = substep(lane, start: start, coefficients, h: h)
            let slot = slots.lowerBound + lane
            let spring = Int(springBySlot[slot])
            springs[spring].bias = Vec2(bias)
            springs[spring].velocityChange = Vec2(velocityChange)
            bodies[slot].position = Vec2(position[lane])
            bodies[slot].velocity = Vec2(velocity[lane])
            bodies[slot].smoothVelocityChange = .zero
            bodies[slot].smoothAngularVelocityChange = 0
            fastest = World.faster(fastest, (moved.x * moved.x + moved.y * moved.y, 0))
        }
    }

    /// One substep of one body: the spring's biased pass (`AnchorSpring.update`, point spring,
    /// first pass) and the trapezoidal position update, from the smooth velocity change `start`
    /// the substep began with. Returns the spring's bias and velocity change and the velocity
    /// the position moved with.
    @inline(__always)
    private func substep<Coefficients: LaneCoefficients>(
        _ lane: Int, start: SIMD2<Double>, _ coefficients: Coefficients, h: Double
    ) -> (SIMD2<Double>, SIMD2<Double>, SIMD2<Double>) {
        let (k, c, scale) = coefficients[lane]
        let v = velocity[lane]
        let bias = k * (position[lane] - anchor[lane]) + c * (v - start)
        let delta = -scale * (bias + c * v + SIMD2<Double>.zero)
        let velocityChange = SIMD2<Double>.zero + delta
        let newVelocity = v + delta
        let moved = newVelocity - 0.5 * (start + delta)
        velocity[lane] = newVelocity
        position[lane] += h * moved
        return (bias, velocityChange, moved)
    }
}

/// Where a lane's spring coefficients (stiffnessPerSubstep, dampingPerSubstep, implicit scale) come from.
private protocol LaneCoefficients {
    subscript(lane: Int) -> (Double, Double, Double) { get }
}

/// The same for every lane: held in registers through the substeps.
private struct SharedCoefficients: LaneCoefficients {
    let stiffnessPerSubstep, dampingPerSubstep, implicitScale: Double
    @inline(__always) subscript(lane: Int) -> (Double, Double, Double) { (stiffnessPerSubstep, dampingPerSubstep, implicitScale) }
}

/// Each lane's own.
private struct EachLane: LaneCoefficients {
    let stiffnessPerSubstep, dampingPerSubstep, implicitScale: UnsafeMutablePointer<Double>
    @inline(__always) subscript(lane: Int) -> (Double, Double, Double) {
        (stiffnessPerSubstep[lane], dampingPerSubstep[lane], implicitScale[lane])
    }
}

extension SIMD2 where Scalar == Double {
    init(_ v: Vec2) { self.init(v.x, v.y) }
}

extension Vec2 {
    init(_ v: SIMD2<Double>) { self.init(v.x, v.y) }
}
