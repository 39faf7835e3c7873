/// How far one body has moved since the step began: its rotation relative to the one it
/// started with (`Rotation.relative(to:)`) and its change of position. A contact point's
/// separation at the current poses follows from its separation at the start and its two
/// bodies' motions (`ContactRowQuad.aim`).
struct BodyMotion: Sendable {
    var rotation: Rotation
    var translation: Vec2
}

/// Every body's pose at the start of the step and its motion since (`BodyMotion`), by slot, for
/// the contact rows solved in quads.
///
/// Kept by body rather than in the rows: a body in a pile has several rows, the rows stream
/// through the caches on every pass while the bodies' motions (32 bytes each) stay in them, and
/// each motion is worked out once per substep instead of once per row and body. The numbers
/// are the ones the rows worked out, by the same operations: `start.relative(to: now)` and
/// `now − start`, the row taking the difference of its two bodies' translations.
struct BodyMotions: Sendable {
    /// Each body's position and rotation when the step began.
    private var startPositions: [Vec2] = []
    private var startRotations: [Rotation] = []
    /// Each body's motion at the last `update` (or the `Meter`'s measures); sized by `begin`.
    private(set) var motions: [BodyMotion] = []

    /// Records the bodies' poses as the step's start. The motions are measured first once
    /// positions have moved (`update`, or a `Meter`): nothing reads them before, since the
    /// quads are aimed at the step's start as they are laid out (`ContactRowQuad.aimAtStepStart`).
    mutating func begin(_ context: StepContext) {
        let bodies = context.bodies
        let count = bodies.count
        startPositions.resize(to: count, with: .zero)
        startRotations.resize(to: count, with: .identity)
        motions.resize(to: count, with: BodyMotion(rotation: .identity, translation: .zero))
        startPositions.withUnsafeMutableBufferPointer { positions in
            startRotations.withUnsafeMutableBufferPointer { rotations in
                context.workers.forEachChunk(count: count) { chunk in
                    for slot in chunk {
                        positions[slot] = bodies[slot].position
                        rotations[slot] = bodies[slot].rotation
                    }
                }
            }
        }
    }

    /// The motions at the bodies' current poses (after positions moved).
    mutating func update(_ context: StepContext) {
        let bodies = context.bodies
        startPositions.withUnsafeBufferPointer { positions in
            startRotations.withUnsafeBufferPointer { rotations in
                motions.withUnsafeMutableBufferPointer { motions in
                    context.workers.forEachChunk(count: bodies.count) { chunk in
                        Self.measure(chunk, bodies, positions, rotations, motions)
                    }
                }
            }
        }
    }

    /// Runs `body` with a `Meter` over the storage: `update` in pieces, for chunks of slots on
    /// several threads (each slot measured by one chunk), right after each chunk moved its
    /// bodies. Valid after `begin`.
    mutating func withMeter<Result>(_ bodies: UnsafeMutableBufferPointer<BodyState>, _ body: (Meter) -> Result) -> Result {
        startPositions.withUnsafeBufferPointer { positions in
            startRotations.withUnsafeBufferPointer { rotations in
                motions.withUnsafeMutableBufferPointer { motions in
                    body(Meter(bodies: bodies, positions: positions, rotations: rotations, motions: motions))
                }
            }
        }
    }

    /// The storage of `BodyMotions` opened for `withMeter`.
    struct Meter {
        let bodies: UnsafeMutableBufferPointer<BodyState>
        let positions: UnsafeBufferPointer<Vec2>
        let rotations: UnsafeBufferPointer<Rotation>
        let motions: UnsafeMutableBufferPointer<BodyMotion>

        /// The motions of `slots` at their bodies' current poses.
        @inline(__always)
        func measure(_ slots: Range<Int>) { BodyMotions.measure(slots, bodies, positions, rotations, motions) }
    }

    @inline(__always)
    fileprivate static func measure(
        _ slots: Range<Int>, _ bodies: UnsafeMutableBufferPointer<BodyState>, _ positions: UnsafeBufferPointer<Vec2>,
        _ rotations: UnsafeBufferPointer<Rotation>, _ motions: UnsafeMutableBufferPointer<BodyMotion>
    ) {
        for slot in slots {
            motions[slot] = BodyMotion(
                rotation: rotations[slot].relative(to: bodies[slot].rotation),
                translation: bodies[slot].position - positions[slot])
        }
    }
}
