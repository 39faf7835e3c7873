import Testing
import TetherTestSupport

@testable import TetherPhysics

/// `BodyMotions` holds each body's motion since the step began, from which the quads of contact
/// rows work out their current separations. The rows used to work it out themselves from the
/// start poses they stored, so the motions must be exactly those numbers
/// (`start.relative(to: now)`, `now − start`), on any number of threads.
@Suite struct BodyMotionsTests {
    static func randomBodies(_ count: Int, _ rng: inout SplitMix64) -> [BodyState] {
        (0..<count).map { _ in
            var body = BodyState.ground
            body.position = Vec2(4000 * rng.unit() - 2000, 4000 * rng.unit() - 2000)
            body.rotation = Rotation(angle: 6 * rng.unit() - 3)
            return body
        }
    }

    /// Runs `body` with a step context over `states` (no properties: the motions read none).
    static func withContext(_ states: inout [BodyState], threads: Int, _ body: (StepContext) -> Void) {
        let workers = StepWorkers(threads: threads, minimumChunk: 64, helpers: .always)
        var properties: [BodyProperties] = []
        StepContext.open(&states, &properties, h: 1.0 / 240, hasForces: false, isCoupled: true, workers: workers, body)
    }

    static func sameBits(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }

    @Test(arguments: [1, 2]) func motionsAreTheRotationsAndTranslationsSinceTheStart(threads: Int) {
        var rng = SplitMix64(seed: 25)
        var states = Self.randomBodies(3000, &rng)
        let start = states
        var motions = BodyMotions()
        Self.withContext(&states, threads: threads) {
            motions.begin($0)
            motions.update($0)
        }
        // Measured before anything moves: no translation, and the start relative to itself.
        for (slot, motion) in motions.motions.enumerated() {
            let unmoved = start[slot].rotation.relative(to: start[slot].rotation)
            #expect(motion.translation == .zero)
            #expect(Self.sameBits(motion.rotation.c, unmoved.c) && Self.sameBits(motion.rotation.s, unmoved.s))
        }
        // Each body moves and turns by its own amount.
        var moves: [(shift: Vec2, turn: Double)] = []
        for slot in states.indices {
            let move = (shift: Vec2(30 * rng.unit() - 15, 30 * rng.unit() - 15), turn: 0.2 * rng.unit() - 0.1)
            moves.append(move)
            states[slot].position += move.shift
            states[slot].rotation = states[slot].rotation.integrated(by: move.turn)
        }
        Self.withContext(&states, threads: threads) { motions.update($0) }
        for (slot, motion) in motions.motions.enumerated() {
            let rotation = start[slot].rotation.relative(to: states[slot].rotation)
            let translation = states[slot].position - start[slot].position
            #expect(Self.sameBits(motion.rotation.c, rotation.c) && Self.sameBits(motion.rotation.s, rotation.s))
            #expect(Self.sameBits(motion.translation.x, translation.x))
            #expect(Self.sameBits(motion.translation.y, translation.y))
            // And what that means: the body moved by its shift and turned by its angle (the
            // Cayley step `integrated(by:)` is off by at most dθ³/12).
            let (shift, turn) = moves[slot]
            #expect((motion.translation - shift).length < 1e-9)
            #expect(abs(motion.rotation.angle - turn) <= abs(turn * turn * turn) / 12 + 1e-12)
        }
    }
}
