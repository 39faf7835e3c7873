import TetherTestSupport
import Testing

@testable import TetherPhysics

/// Two-point rows too badly conditioned for the block solver (`ContactConstraint.Grouping
/// .twoPointsInOrder`) are solved four at a time in a `ContactRowQuad`, each lane point after
/// point, in single precision. These run both ways through the passes of a substep, and check
/// that each lane gives what the row gives on its own to single-precision accuracy, and that the
/// lane a row sits in changes none of its bits (for quads of every kind).
@Suite struct ContactRowQuadInOrderTests {
    static let inverseH = 240.0

    /// What the passes leave: every body's velocities and every row's impulses, as listed in
    /// `kinds` (linear velocities, angular velocities, normal impulses, tangent impulses).
    struct Outcome: Equatable {
        var linear: [Double]
        var angular: [Double]
        var normal: [Double]
        var tangent: [Double]

        var all: [Double] { linear + angular + normal + tangent }
    }

    /// Bodies 1–8 movable, slot 0 the immovable ground; start poses, and current poses a little
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

    /// A random row of kind `kind` between `slots` (two-point rows solved point after point
    /// unless `kind` is `.twoPoints`), with points that may touch or be apart, warm-start
    /// impulses, and an approach fast enough to bounce when `bounces`.
    static func row(
        _ rng: inout SplitMix64, _ scene: Scene, slots: (Int, Int), bounces: Bool,
        kind: ContactConstraint.Grouping = .twoPointsInOrder
    ) -> ContactConstraint {
        var c = ContactConstraint()
        (c.slotA, c.slotB) = slots
        c.pointCount = kind == .onePoint ? 1 : 2
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
        switch kind {
        case .twoPoints:
            // The block as `ContactConstraint.prepare` makes it.
            let (p0, p1) = (c.point0, c.point1)
            let mass = c.inverseMassA + c.inverseMassB
            let (iA, iB) = (c.inverseInertiaA, c.inverseInertiaB)
            c.k11 = mass + iA * p0.normalArmA * p0.normalArmA + iB * p0.normalArmB * p0.normalArmB
            c.k22 = mass + iA * p1.normalArmA * p1.normalArmA + iB * p1.normalArmB * p1.normalArmB
            c.k12 = mass + iA * p0.normalArmA * p1.normalArmA + iB * p0.normalArmB * p1.normalArmB
            let ratio = rng.uniform(0.05, 0.5)
            (c.blockSoftening0, c.blockSoftening1) = (c.k11 * ratio, c.k22 * ratio)
            c.inverseDeterminantRigid = 1 / (c.k11 * c.k22 - c.k12 * c.k12)
            c.inverseDeterminantSoft = 1 / ((c.k11 + c.blockSoftening0) * (c.k22 + c.blockSoftening1) - c.k12 * c.k12)
            c.blockConditioned = true
        case .onePoint:
            c.point1 = ContactPointState()
        default:
            // A block the quad must not use (it solves point after point).
            (c.k11, c.k12, c.k22) = (rng.uniform(1, 2), rng.uniform(1, 2), rng.uniform(1, 2))
            c.inverseDeterminantRigid = rng.uniform(1, 2)
            c.inverseDeterminantSoft = rng.uniform(1, 2)
            c.blockConditioned = false
        }
        return c
    }

    static func scene(seed: UInt64, kind: ContactConstraint.Grouping = .twoPointsInOrder) -> Scene {
        var rng = SplitMix64(seed: seed)
        var scene = Scene(bodies: [.ground], startPositions: [.zero], startRotations: [.identity], rows: [])
        for _ in 1...8 {
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
        // Four rows of one color (no movable body in common); every fourth scene's last row
        // meets the ground.
        let bounces = seed % 3 == 0
        for k in 0..<4 {
            let slots = k == 3 && seed % 4 == 0 ? (0, 8) : (2 * k + 1, 2 * k + 2)
            scene.rows.append(row(&rng, scene, slots: slots, bounces: bounces, kind: kind))
        }
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
    /// next solve with the relax pass's targets, and relax) with the four rows in one quad,
    /// lane `k` holding row `lanes[k]`, or with each row on its own when `lanes` is nil, and
    /// records the outcome after every pass. The largest impulses count only when a row may
    /// bounce (a quad keeps them only then).
    static func run(_ scene: Scene, moves: [Vec2], lanes: ContactRowQuad.Rows?) -> [Outcome] {
        var rows = scene.rows
        var bodies = scene.bodies
        var quads = [ContactRowQuad]()
        let entries: [Int32] = lanes == nil ? [~0, ~1, ~2, ~3] : [0]
        let quadRows = [lanes ?? .zero]
        let keepsLargest = rows.contains(where: \.mayBounce)
        var outcomes: [Outcome] = []
        func pass(_ stage: ContactSolvePlan.Stage) {
            let motions = Self.motions(bodies, scene)
            rows.withUnsafeMutableBufferPointer { rows in
                bodies.withUnsafeMutableBufferPointer { bodies in
                    quads.withUnsafeMutableBufferPointer { quads in
                        entries.withUnsafeBufferPointer { entries in
                            quadRows.withUnsafeBufferPointer { quadRows in
                                motions.withUnsafeBufferPointer { motions in
                                    ContactSolveRows(
                                        entries: entries, quads: quads, quadRows: quadRows, constraints: rows,
                                        bodies: bodies, motions: motions
                                    ).run(stage, 0..<entries.count, inverseH: inverseH)
                                }
                            }
                        }
                    }
                }
                if let lanes { quads[0].store(lanes, into: rows) }
            }
            var outcome = Outcome(linear: [], angular: [], normal: [], tangent: [])
            for row in rows {
                for p in [row.point0, row.point1] {
                    outcome.normal.append(p.normalImpulse)
                    outcome.tangent.append(p.tangentImpulse)
                    if keepsLargest { outcome.normal.append(p.maxNormalImpulse) }
                }
            }
            outcome.linear = bodies.flatMap { [$0.velocity.x, $0.velocity.y] }
            outcome.angular = bodies.map(\.angularVelocity)
            outcomes.append(outcome)
        }
        if let lanes {
            quads = rows.withUnsafeMutableBufferPointer { rows in
                [ContactRowQuad](unsafeUninitializedCapacity: 1) { buffer, count in
                    ContactRowQuad.lay(buffer.baseAddress!, rows: lanes, rows, inverseH: inverseH)
                    count = 1
                }
            }
            #expect(quads[0].twoPoints == (rows[0].pointCount == 2))
            #expect(quads[0].inOrder == (rows[0].grouping == .twoPointsInOrder))
            #expect(quads[0].tracksLargestImpulse == keepsLargest)
        }
        // The quad's targets at the current poses, as the plan aims a quad before its first solve
        // pass (here the bodies have moved since the step began, so the motions are read).
        if lanes != nil {
            Self.motions(bodies, scene).withUnsafeBufferPointer { quads[0].aim($0, inverseH: inverseH) }
        }
        pass(.warmStart)
        pass(.solve)
        for slot in moves.indices { bodies[slot].position = bodies[slot].position + moves[slot] }
        pass(.relax)
        pass(.solve)
        pass(.relax)
        return outcomes
    }

    static func moves(seed: UInt64, _ scene: Scene) -> [Vec2] {
        var rng = SplitMix64(seed: seed &+ 1000)
        return scene.bodies.indices.map { $0 == 0 ? Vec2.zero : Vec2(rng.uniform(-1, 1), rng.uniform(-1, 1)) }
    }

    /// How far a quad may stray from the rows solved on their own, per kind of outcome.
    ///
    /// Every value a pass computes is a sum of velocity-sized terms: the bodies' velocities, the
    /// angular velocities times lever arms, and the targets, whose terms are a separation's (the
    /// anchors, at most `R` long, and the change of positions, at most `D`) times at most
    /// `inverseH` (a soft row's bias rate is smaller). So every term is at most
    /// `V = max(|v|, |ω|·R, (R + D)·inverseH)`. A lane rounds each input once and each operation
    /// once, each rounding off by at most ε/2 (ε = `Float.ulpOfOne`) of a term at most `V`; the
    /// longest chain of a pass (gather, the normal row's velocity and target, impulse, clamp,
    /// push, then the friction row) has fewer than 24 roundings, so a pass adds at most
    /// 12·ε·V of velocity error, and the five passes at most 60·ε·V: `64·ε·V` then. An impulse
    /// is a row mass times such a velocity, so its error is at most `mass · 64·ε·V`; a body's
    /// linear velocity changes by its inverse mass times an impulse (inverse mass × row mass
    /// ≤ 1), so its error is at most `64·ε·V`; its angular velocity by `I⁻¹·arm·impulse`, and
    /// `I⁻¹·arm·mass ≤ I⁻¹·arm / (m⁻¹ + I⁻¹·arm²) ≤ 1/(2ρ)` with `ρ = √(m⁻¹/I⁻¹)`, so `ρ·ω`
    /// errs by at most `64·ε·V`. (The clamps are continuous; the one switch that is not, soft
    /// against speculative at a separation of 0, would need a separation within ~1e-5 pt of 0.)
    struct Tolerance {
        var velocity: Double
        /// Per body, ρ (1 for the ground, which never moves).
        var radii: [Double]
        /// Per row, the largest of its points' normal and tangent masses.
        var masses: [Double]

        init(_ scene: Scene, moves: [Vec2]) {
            var largest = 0.0
            var lever = 0.0
            var shift = 0.0
            for body in scene.bodies {
                largest = max(largest, abs(body.velocity.x), abs(body.velocity.y))
            }
            radii = Array(repeating: 1, count: scene.bodies.count)
            for row in scene.rows {
                for p in [row.point0, row.point1] {
                    lever = max(lever, p.anchorA.length, p.anchorB.length)
                }
                if row.movesA { radii[row.slotA] = (row.inverseMassA / row.inverseInertiaA).squareRoot() }
                if row.movesB { radii[row.slotB] = (row.inverseMassB / row.inverseInertiaB).squareRoot() }
                func moved(_ slot: Int) -> Vec2 { scene.bodies[slot].position + moves[slot] - scene.startPositions[slot] }
                shift = max(shift, (moved(row.slotB) - moved(row.slotA)).length)
            }
            for body in scene.bodies { largest = max(largest, abs(body.angularVelocity) * lever) }
            let scale = max(largest, (lever + shift) * ContactRowQuadInOrderTests.inverseH)
            velocity = 64 * Double(Float.ulpOfOne) * scale
            masses = scene.rows.map { row in
                [row.point0, row.point1].map { max($0.normalMass, $0.tangentMass) }.max()!
            }
        }
    }

    @Test func eachLaneSolvesItsPointsAsTheRowOnItsOwnDoesToSinglePrecision() {
        // What the scenes reached, so that the comparison covers every case of the rows.
        var lifted = 0, pushed = 0, frictionAtLimit = 0, frictionWithin = 0, tracked = 0
        for seed in UInt64(1)...300 {
            let scene = Self.scene(seed: seed)
            #expect(scene.rows.allSatisfy { $0.grouping == .twoPointsInOrder })
            let moves = Self.moves(seed: seed, scene)
            let tolerance = Tolerance(scene, moves: moves)
            let single = Self.run(scene, moves: moves, lanes: nil)
            let quad = Self.run(scene, moves: moves, lanes: ContactRowQuad.Rows(0, 1, 2, 3))
            #expect(quad.count == single.count)
            for (k, (q, s)) in zip(quad, single).enumerated() {
                func check(_ kind: String, _ a: Double, _ b: Double, within bound: Double) {
                    #expect(abs(a - b) <= bound, "seed \(seed), pass \(k), \(kind): \(a) against \(b)")
                }
                for (a, b) in zip(q.linear, s.linear) { check("velocity", a, b, within: tolerance.velocity) }
                for (body, (a, b)) in zip(q.angular, s.angular).enumerated() {
                    check("angular velocity", a, b, within: tolerance.velocity / tolerance.radii[body])
                }
                // Impulses are listed row by row, `q.normal.count / 4` to a row.
                for (kind, qs, ss) in [("normal impulse", q.normal, s.normal), ("tangent impulse", q.tangent, s.tangent)] {
                    let perRow = qs.count / 4
                    for (index, (a, b)) in zip(qs, ss).enumerated() {
                        check(kind, a, b, within: tolerance.masses[index / perRow] * tolerance.velocity)
                    }
                }
            }
            if let last = single.last {
                for row in 0..<4 {
                    let friction = scene.rows[row].friction
                    for point in 0..<2 {
                        let index = 2 * row + point
                        let stride = last.normal.count / 8
                        let (normal, tangent) = (last.normal[stride * index], last.tangent[index])
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

    /// Lanes are independent: the same four rows in any order of lanes give each row the same
    /// bits, impulses and velocities, after every pass, for quads of every kind.
    @Test(arguments: [ContactConstraint.Grouping.twoPointsInOrder, .twoPoints, .onePoint])
    func theLaneARowSitsInChangesNoneOfItsBits(kind: ContactConstraint.Grouping) {
        let orders: [ContactRowQuad.Rows] = [.init(1, 2, 3, 0), .init(3, 2, 1, 0), .init(2, 0, 3, 1)]
        for seed in UInt64(1)...60 {
            let scene = Self.scene(seed: seed, kind: kind)
            #expect(scene.rows.allSatisfy { $0.grouping == kind })
            let moves = Self.moves(seed: seed, scene)
            let reference = Self.run(scene, moves: moves, lanes: ContactRowQuad.Rows(0, 1, 2, 3))
            for order in orders {
                let permuted = Self.run(scene, moves: moves, lanes: order)
                for (k, (p, r)) in zip(permuted, reference).enumerated() {
                    #expect(p.all.map(\.bitPattern) == r.all.map(\.bitPattern), "seed \(seed), lanes \(order), pass \(k)")
                }
            }
        }
    }

    /// The targets a quad is aimed at as it is laid out (`aimAtStepStart`, no motion read) are
    /// those `aim` gives from the motions measured when the step begins, bit for bit: each
    /// body's rotation relative to its start rounds to (1, +0) in single precision and its
    /// translation is +0, for bodies turned any way, near the origin or far from it.
    @Test(arguments: [ContactConstraint.Grouping.twoPointsInOrder, .twoPoints, .onePoint])
    func aimingAtTheStepStartMatchesAimingFromTheStartMotions(kind: ContactConstraint.Grouping) {
        var rng = SplitMix64(seed: 99)
        var (speculative, touching) = (0, 0)
        for seed in UInt64(1)...200 {
            var scene = Self.scene(seed: seed, kind: kind)
            // The bodies where the step began: turned any way, some far from the origin.
            let far = seed % 2 == 0 ? 1e6 : 0
            for slot in 1..<scene.bodies.count {
                scene.startRotations[slot] = Self.rotation(&rng, 4)
                scene.startPositions[slot] = scene.startPositions[slot] + Vec2(far, -far)
                scene.bodies[slot].position = scene.startPositions[slot]
                scene.bodies[slot].rotation = scene.startRotations[slot]
            }
            let motions = Self.motions(scene.bodies, scene)
            var rows = scene.rows
            let quads = rows.withUnsafeMutableBufferPointer { rows in
                [ContactRowQuad](unsafeUninitializedCapacity: 2) { buffer, count in
                    ContactRowQuad.lay(
                        buffer.baseAddress!, rows: ContactRowQuad.Rows(0, 1, 2, 3), rows, inverseH: Self.inverseH)
                    buffer[1] = buffer[0]
                    count = 2
                }
            }
            var (fromMotions, atStart) = (quads[0], quads[1])
            motions.withUnsafeBufferPointer { fromMotions.aim($0, inverseH: Self.inverseH) }
            atStart.aimAtStepStart(inverseH: Self.inverseH)
            for (a, b) in [(fromMotions.aim0, atStart.aim0), (fromMotions.aim1, atStart.aim1)] {
                #expect((0..<4).map { a.solveBias[$0].bitPattern } == (0..<4).map { b.solveBias[$0].bitPattern }, "seed \(seed)")
                #expect(a.soft == b.soft, "seed \(seed)")
            }
            speculative += (0..<4).filter { !fromMotions.aim0.soft[$0] }.count
            touching += (0..<4).filter { fromMotions.aim0.soft[$0] }.count
        }
        // Both kinds of target came up: speculative points (gap closing) and touching ones (push).
        #expect(speculative > 50 && touching > 50, "speculative \(speculative), touching \(touching)")
    }
}
