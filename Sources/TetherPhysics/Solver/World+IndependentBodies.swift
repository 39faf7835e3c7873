/// The step of a world where nothing ties bodies together: no contact, no joint but anchor
/// springs, and each body on at most one of them (the springy list, a field of springs).
///
/// Each body's substeps then read and write that body and its spring alone, so the step can run
/// a block of bodies at a time instead of stage by stage over all of them: for each block, its
/// substeps (integrate velocity, the spring's pass, integrate position, body after body). Every
/// body sees exactly the operations of the stage-by-stage order, so the bits are the same, while
/// the block and its springs stay in cache for the whole step instead of streaming through
/// memory once per stage, and the bodies split into chunks for the step's threads with one
/// hand-off per step.
extension World {
    /// The step of independent bodies; the largest squared speeds of its last substep, whether
    /// it found every body's position, velocity, rotation and angular velocity finite on its
    /// way (then `firstNonFiniteBody` need not read the bodies again), and whether every body
    /// went through the point-spring lanes (then the next step's lanes need not check them:
    /// `bodiesAreKnownLaneReady`).
    /// `rotationsKnownFinite`: they were when it began (then the lanes, which leave rotations
    /// as they are, need not add them up); `leftByLanes`: every body was left by the last
    /// step's lanes, untouched since.
    static func stepIndependentBodies(
        _ context: StepContext, springs: UnsafeMutableBufferPointer<AnchorSpring>, _ springBySlot: [Int32],
        _ pointSpringRuns: [PointSpringRun], substeps: Int, rotationsKnownFinite: Bool, leftByLanes: Bool
    ) -> (fastest: (linear: Double, angular: Double), allFinite: Bool, allInLanes: Bool) {
        let (fastest, probe, allInLanes) = springBySlot.withUnsafeBufferPointer { springBySlot in
            pointSpringRuns.withUnsafeBufferPointer { runs in
                context.workers.reduceChunks(count: context.bodies.count - 1) { chunk in
                    stepBodies(
                        (chunk.lowerBound + 1)..<(chunk.upperBound + 1), context, springs, springBySlot, runs, substeps: substeps,
                        rotationsKnownFinite: rotationsKnownFinite, leftByLanes: leftByLanes)
                } combine: { (faster($0.fastest, $1.fastest), $0.probe + $1.probe, $0.inLanes && $1.inLanes) }
            }
        }
        // A sum is finite only if every value in it is (a NaN or an infinity stays in it); one
        // that overflowed from finite values only leaves the check to read the bodies.
        return (fastest, (probe.x + probe.y).isFinite, allInLanes)
    }

    /// How many bodies go through the substeps together: few enough that they and their
    /// springs stay in the first-level cache between substeps, enough that the processor works on
    /// several independent bodies at once (one body's substeps form a chain of dependent
    /// arithmetic).
    static let independentBlock = 64

    /// All substeps of the bodies in `slots`, a block of bodies at a time; the largest squared
    /// speeds of the last substep, and a sum of the values the bodies were left with that is
    /// finite only if each of them is (the blow-up check's probe). A block whose bodies all hang on point springs (as `runs`,
    /// from the step's preparation, tells), feel no force and do not turn (the springy list's
    /// cells) runs in `PointSpringLanes`; any other the general way, body after body through
    /// each substep. `inLanes`: every block ran in the lanes.
    @inline(__always)
    private static func stepBodies(
        _ slots: Range<Int>, _ context: StepContext, _ springs: UnsafeMutableBufferPointer<AnchorSpring>,
        _ springBySlot: UnsafeBufferPointer<Int32>, _ runs: UnsafeBufferPointer<PointSpringRun>, substeps: Int,
        rotationsKnownFinite: Bool, leftByLanes: Bool
    ) -> (fastest: (linear: Double, angular: Double), probe: SIMD2<Double>, inLanes: Bool) {
        let (bodies, h) = (context.bodies, context.h)
        var fastest = (linear: 0.0, angular: 0.0)
        var probe = SIMD2<Double>.zero
        var inLanes = true
        PointSpringLanes.withLanes(capacity: independentBlock) { lanes in
            for start in stride(from: slots.lowerBound, to: slots.upperBound, by: independentBlock) {
                let block = start..<min(start + independentBlock, slots.upperBound)
                let run = runs[start]
                if context.hasForces || !run.covers(block.count)
                    || !lanes.step(
                        block, run, bodies, springs, springBySlot, h: h, substeps: substeps, fastest: &fastest, probe: &probe,
                        rotationsKnownFinite: rotationsKnownFinite, leftByLanes: leftByLanes)
                {
                    stepBlock(block, context, springs, springBySlot, substeps: substeps, fastest: &fastest, probe: &probe)
                    inLanes = false
                }
            }
        }
        return (fastest, probe, inLanes)
    }

    /// All substeps of one block, body after body through each substep; folds the squared
    /// speeds of the last substep into `fastest` and adds every value each body is left with
    /// into `probe`.
    @inline(__always)
    private static func stepBlock(
        _ block: Range<Int>, _ context: StepContext, _ springs: UnsafeMutableBufferPointer<AnchorSpring>,
        _ springBySlot: UnsafeBufferPointer<Int32>, substeps: Int, fastest: inout (linear: Double, angular: Double),
        probe: inout SIMD2<Double>
    ) {
        let (bodies, properties, h) = (context.bodies, context.properties, context.h)
        for substep in 0..<substeps {
            let isLast = substep == substeps - 1
            for slot in block {
                // The body is read once and written once per substep: a load of what was
                // just stored in pieces would wait for the stores to finish.
                var body = bodies[slot]
                if context.hasForces { body.integrateVelocity(properties[slot], h: h) }
                let spring = Int(springBySlot[slot])
                if spring >= 0 { springs[spring].beginSubstep(on: &body) }
                let moved = body.integratePosition(h: h)
                bodies[slot] = body
                if isLast {
                    fastest = faster(fastest, moved)
                    probe += SIMD2(body.position) + SIMD2(body.velocity) + SIMD2(body.rotation.c, body.rotation.s)
                        + SIMD2(body.angularVelocity, 0)
                }
            }
        }
    }
}
