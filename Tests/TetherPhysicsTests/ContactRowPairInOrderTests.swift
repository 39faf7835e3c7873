import TetherTestSupport
import Testing

@testable import TetherPhysics

/// Two-point rows too badly conditioned for the block solver (`ContactConstraint.Pairing
/// .twoPointsInOrder`) are solved two at a time in a `ContactRowPair`, each lane point after
/// point. The pair must give every lane exactly what the row gives on its own: these run both
/// ways through the passes of a substep and compare the bits of every velocity and impulse.
@Suite struct ContactRowPairInOrderTests {
    static let inverseH = 240.0

    /// What the passes leave: every body's velocities and every row's impulses, as bits, zeros
    /// all +0. (Every pair differs from its rows in the sign of one zero: a lane negates as
    /// `0 − x`, so the friction's lower limit of a point without normal impulse is +0 where the
    /// row's `−limit` is −0, and the clamped tangent impulse +0 where the row's is −0; equal
    /// values, the same in every pair kind, and the same bytes out.)
    struct Outcome: Equatable {
        var velocities: [UInt64]
        var impulses: [UInt64]

        init(velocities: [Double], impulses: [Double]) {
            func bits(_ x: Double) -> UInt64 { x == 0 ? 0 : x.bitPattern }
            self.velocities = velocities.map(bits)
            self.impulses = impulses.map(bits)
        }
    }

    /// Bodies 1–4 movable, slot 0 the immovable ground; start poses, and current poses a little
    /// moved and turned from them.
    struct Scene {
        var bodies: [BodyState]
        var startPositions: [Vec2]
        var startRotations: [Rotation]
        var rows: [ContactConstraint]
    }

    static func rotation(_ rng: inout SplitMix64, _ spread: Double) -> Rotation {
        let (c, s) = (1 + rng.uniform(-spread, spread), rng.uniform(-spread, spread))
        let length = (c * c + s * s).squareRoot()
        return Rotation(c: c / length, s: s / length)
    }

    /// A random two-point row between `slots`, ill-conditioned (`blockConditioned` false), with
    /// points that may touch or be apart, warm-start impulses, and an approach fast enough to
    /// bounce when `bounces`.
    static func row(_ rng: inout SplitMix64, _ scene: Scene, slots: (Int, Int), bounces: Bool) -> ContactConstraint {
        var c = ContactConstraint()
        (c.slotA, c.slotB) = slots
        c.contactIndex = slots.0
        c.pointCount = 2
        let direction = rotation(&rng, 4)
        c.normal = Vec2(direction.c, direction.s)
        c.friction = rng.uniform(0, 1)
        c.restitution = bounces ? 0.5 : 0
        c.movesA = slots.0 != 0
        c.movesB = slots.1 != 0
        c.inverseMassA = c.movesA ? rng.uniform(0.2, 2) : 0
        c.inverseMassB = c.movesB ? rng.uniform(0.2, 2) : 0
        c.inverseInertiaA = c.movesA ? rng.uniform(0.0005, 0.005) : 0
        c.inverseInertiaB = c.movesB ? rng.uniform(0.0005, 0.005) : 0
        c.softness = Softness(
            biasRate: rng.uniform(5, 60), massScale: rng.uniform(0.3, 1), impulseScale: rng.uniform(0, 0.6))
        c.positionA = scene.startPositions[slots.0]
        c.positionB = scene.startPositions[slots.1]
        c.rotationA = scene.startRotations[slots.0]
        c.rotationB = scene.startRotations[slots.1]
        let tangent = Vec2(c.normal.y, -c.normal.x)
        func point() -> ContactPointState {
            var p = ContactPointState()
            p.anchorA = Vec2(rng.uniform(-20, 20), rng.uniform(-20, 20))
            p.anchorB = Vec2(rng.uniform(-20, 20), rng.uniform(-20, 20))
            p.normalArmA = p.anchorA.cross(c.normal)
            p.normalArmB = p.anchorB.cross(c.normal)
            p.tangentArmA = p.anchorA.cross(tangent)
            p.tangentArmB = p.anchorB.cross(tangent)
            p.baseSeparation = rng.uniform(-2, 1)
            let (mA, mB, iA, iB) = (c.inverseMassA, c.inverseMassB, c.inverseInertiaA, c.inverseInertiaB)
            p.normalMass = 1 / (mA + mB + iA * p.normalArmA * p.normalArmA + iB * p.normalArmB * p.normalArmB)
            p.tangentMass = 1 / (mA + mB + iA * p.tangentArmA * p.tangentArmA + iB * p.tangentArmB * p.tangentArmB)
            p.normalImpulse = rng.below(4) == 0 ? 0 : rng.uniform(0, 40)
            p.tangentImpulse = rng.uniform(-10, 10)
            p.maxNormalImpulse = p.normalImpulse
            p.relativeVelocity = bounces ? rng.uniform(-400, -150) : rng.uniform(-50, 50)
            return p
        }
        c.point0 = point()
        c.point1 = point()
        // A block the pair must not use (it solves point after point).
        (c.k11, c.k12, c.k22) = (rng.uniform(1, 2), rng.uniform(1, 2), rng.uniform(1, 2))
        c.inverseDeterminantRigid = rng.uniform(1, 2)
        c.inverseDeterminantSoft = rng.uniform(1, 2)
        c.blockConditioned = false
        return c
    }

    static func scene(seed: UInt64) -> Scene {
        var rng = SplitMix64(seed: seed)
        var scene = Scene(bodies: [.ground], startPositions: [.zero], startRotations: [.identity], rows: [])
        for _ in 1...4 {
            let start = Vec2(rng.uniform(0, 400), rng.uniform(0, 400))
            let turn = rotation(&rng, 0.3)
            scene.startPositions.append(start)
            scene.startRotations.append(turn)
            scene.bodies.append(BodyState(
                velocity: Vec2(rng.uniform(-100, 100), rng.uniform(-100, 100)), angularVelocity: rng.uniform(-3, 3),
                smoothVelocityChange: Vec2(rng.uniform(-5, 5), rng.uniform(-5, 5)),
                smoothAngularVelocityChange: rng.uniform(-0.5, 0.5),
                position: start + Vec2(rng.uniform(-1, 1), rng.uniform(-1, 1)),
                rotation: turn.then(rotation(&rng, 0.02))))
        }
        // Two rows of one color (no movable body in common); every fourth scene's second row
        // meets the ground.
        let bounces = seed % 3 == 0
        scene.rows.append(row(&rng, scene, slots: (1, 2), bounces: bounces))
        scene.rows.append(row(&rng, scene, slots: seed % 4 == 0 ? (0, 4) : (3, 4), bounces: bounces))
        return scene
    }

    /// Each body's motion since the step began, as `BodyMotions` measures it.
    static func motions(_ bodies: [BodyState], _ scene: Scene) -> [BodyMotion] {
        bodies.indices.map { slot in
            BodyMotion(
                rotation: scene.startRotations[slot].relative(to: bodies[slot].rotation),
                translation: bodies[slot].position - scene.startPositions[slot])
        }
    }

    /// Runs a substep's passes (warm start, solve, positions moved by `moves`, relax, then the
    /// next solve with the relax pass's targets, and relax) with both rows in one pair when
    /// `paired`, else each on its own, and records the outcome after every pass. The largest
    /// impulses count only when a row may bounce (a pair keeps them only then).
    static func run(_ scene: Scene, moves: [Vec2], paired: Bool) -> [Outcome] {
        var rows = scene.rows
        var bodies = scene.bodies
        var pairs = [ContactRowPair]()
        let entries: [Int32] = paired ? [0] : [~0, ~1]
        let keepsLargest = rows.contains(where: \.mayBounce)
        var outcomes: [Outcome] = []
        func pass(_ stage: ContactSolvePlan.Stage, aimed: Bool) {
            let motions = Self.motions(bodies, scene)
            rows.withUnsafeMutableBufferPointer { rows in
                bodies.withUnsafeMutableBufferPointer { bodies in
                    pairs.withUnsafeMutableBufferPointer { pairs in
                        entries.withUnsafeBufferPointer { entries in
                            [(0, 1)].withUnsafeBufferPointer { pairedRows in
                                motions.withUnsafeBufferPointer { motions in
                                    ContactSolveRows(
                                        entries: entries, pairs: pairs, pairedRows: pairedRows, constraints: rows,
                                        bodies: bodies, motions: motions, targetsAimed: aimed
                                    ).run(stage, 0..<entries.count, inverseH: inverseH)
                                }
                            }
                        }
                    }
                }
                if paired { pairs[0].store((0, 1), into: rows) }
            }
            var impulses: [Double] = []
            for row in rows {
                for p in [row.point0, row.point1] {
                    impulses += [p.normalImpulse, p.tangentImpulse]
                    if keepsLargest { impulses.append(p.maxNormalImpulse) }
                }
            }
            let velocities = bodies.flatMap { [$0.velocity.x, $0.velocity.y, $0.angularVelocity] }
            outcomes.append(Outcome(velocities: velocities, impulses: impulses))
        }
        if paired {
            pairs = rows.withUnsafeMutableBufferPointer { rows in
                [ContactRowPair](unsafeUninitializedCapacity: 1) { buffer, count in
                    ContactRowPair.lay(buffer.baseAddress!, rows: (0, 1), rows)
                    count = 1
                }
            }
            #expect(pairs[0].twoPoints && pairs[0].inOrder)
            #expect(pairs[0].tracksLargestImpulse == keepsLargest)
        }
        pass(.warmStart, aimed: false)
        pass(.solve, aimed: false)
        for slot in moves.indices { bodies[slot].position = bodies[slot].position + moves[slot] }
        pass(.relax, aimed: true)
        pass(.solve, aimed: true)
        pass(.relax, aimed: true)
        return outcomes
    }

    @Test func eachLaneSolvesItsPointsAsTheRowOnItsOwnDoes() {
        // What the scenes reached, so that the comparison covers every case of the rows.
        var lifted = 0, pushed = 0, frictionAtLimit = 0, frictionWithin = 0, tracked = 0
        for seed in UInt64(1)...300 {
            let scene = Self.scene(seed: seed)
            #expect(scene.rows.allSatisfy { $0.pairing == .twoPointsInOrder })
            var rng = SplitMix64(seed: seed &+ 1000)
            let moves = scene.bodies.indices.map { $0 == 0 ? Vec2.zero : Vec2(rng.uniform(-1, 1), rng.uniform(-1, 1)) }
            let single = Self.run(scene, moves: moves, paired: false)
            let paired = Self.run(scene, moves: moves, paired: true)
            #expect(paired.count == single.count)
            for (k, (p, s)) in zip(paired, single).enumerated() {
                #expect(p == s, "seed \(seed), pass \(k)")
            }
            if let last = single.last {
                let values = last.impulses.map(Double.init(bitPattern:))
                for row in 0..<2 {
                    let friction = scene.rows[row].friction
                    for point in 0..<2 {
                        let stride = values.count / 4
                        let (normal, tangent) = (values[stride * (2 * row + point)], values[stride * (2 * row + point) + 1])
                        if normal == 0 { lifted += 1 } else { pushed += 1 }
                        if normal > 0 && abs(tangent) == friction * normal { frictionAtLimit += 1 }
                        if abs(tangent) < friction * normal { frictionWithin += 1 }
                    }
                }
            }
            if scene.rows.contains(where: \.mayBounce) { tracked += 1 }
        }
        #expect(lifted > 20 && pushed > 20, "lifted \(lifted), pushed \(pushed)")
        #expect(frictionAtLimit > 20 && frictionWithin > 20, "at the limit \(frictionAtLimit), within \(frictionWithin)")
        #expect(tracked > 20)
    }
}

