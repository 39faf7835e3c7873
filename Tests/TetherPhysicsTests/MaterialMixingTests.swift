import Testing
@testable import TetherPhysics

/// How two unlike materials meet, on both clocks, against hand-computed outcomes. The rules are
/// Box2D's (and so UIKit's): friction mixes as the geometric mean √(μ₁·μ₂) (b2MixFriction),
/// elasticity as the larger of the two (b2MixRestitution); a boundary has no material of its
/// own and takes the item's. Scenes where every item has the same material cannot tell these
/// rules from `max`, `min` or a mean, so each test here pairs two different values.
@Suite struct MaterialMixingTests {
    static let g = 1000.0

    /// A world on `kind` with the items in collision group 0.
    static func world(_ kind: SolverKind) -> World {
        var world = World()
        world.solverKind = kind
        return world
    }

    static func item(
        _ world: inout World, at position: Vec2, size: Vec2, shape: BodyShape = .rectangle, density: Double = 1,
        velocity: Vec2 = .zero, anchored: Bool = false, elasticity: Double = 0, friction: Double = 0, gravity: Double = g
    ) -> BodyID {
        let id = world.createBody(
            BodyDefinition(
                position: position, size: size, shape: shape, linearVelocity: velocity, density: density,
                isAnchored: anchored, elasticity: elasticity, friction: friction))
        world.setCollisionGroups(items: 1, boundaries: 1, of: id)
        if !anchored && gravity != 0 { world.setAcceleration(Vec2(0, gravity), of: id) }
        return id
    }

    /// How far a 60×20 box launched at 300 pt/s along a floor slides before it stops, and when.
    /// The floor is a wide anchored item of friction `floorFriction`, or a boundary when nil.
    static func slide(_ kind: SolverKind, friction: Double, floorFriction: Double?) -> (distance: Double, time: Double) {
        var world = world(kind)
        world.allowsPause = false
        if let floorFriction {
            _ = item(&world, at: Vec2(0, 520), size: Vec2(4000, 40), anchored: true, friction: floorFriction)
        } else {
            world.createBoundary(from: Vec2(-2000, 500), to: Vec2(2000, 500), group: 0)
        }
        let box = item(&world, at: Vec2(0, 490), size: Vec2(60, 20), friction: friction)
        // Settle on the floor first (the UIKit clock's boxes stand on 2.3's skins).
        for _ in 0..<30 { world.step(timeStep: 1.0 / 60, substeps: 4) }
        let start = world.position(of: box).x
        world.setVelocity(Vec2(300, 0), of: box)
        for step in 1...600 {
            world.step(timeStep: 1.0 / 60, substeps: 4)
            if world.velocity(of: box).x < 0.5 {  // (the rest speed: soft rows leave round-off)
                return (world.position(of: box).x - start, Double(step) / 60)
            }
        }
        return (.infinity, .infinity)
    }

    /// The distance a box launched at 300 pt/s slides at friction μ: v²/(2μg) on the accurate
    /// clock (positions move with the average velocity of each substep, which is exact at a
    /// constant deceleration), and v²/(2μg) − v·h/2 on the UIKit clock (symplectic Euler moves
    /// each step by the velocity at its end, h = 1/60 s). Within 0.05 pt: the accurate clock's
    /// soft contact lets the box settle by a few thousandths of a point as it starts.
    static func expectSlide(_ kind: SolverKind, friction: Double, floorFriction: Double?, mixed: Double) {
        let (distance, time) = slide(kind, friction: friction, floorFriction: floorFriction)
        let expected = 300 * 300 / (2 * mixed * g) - (kind == .uikit ? 300.0 / 60 / 2 : 0)
        let stop = 300 / (mixed * g)
        let label = "\(kind), box μ \(friction) on \(floorFriction.map { "μ \($0)" } ?? "a boundary")"
        #expect(abs(distance - expected) < (kind == .uikit ? 1e-9 : 0.05), "\(label): slid \(distance) pt, not \(expected)")
        #expect(abs(time - stop) < 1.0 / 120, "\(label): stopped after \(time) s, not \(stop)")
    }

    /// μ = √(0.2 · 0.8) = 0.4: the box decelerates at μ·g = 400 pt/s², stops after
    /// v/(μg) = 0.75 s and v²/(2μg) = 112.5 pt (110 pt on the UIKit clock). `max` would stop it
    /// at 56 pt, `min` at 225 pt, the arithmetic mean at 90 pt. The same whichever material is
    /// the box's.
    @Test(arguments: SolverKind.allCases)
    func frictionBetweenItemsIsTheGeometricMean(kind: SolverKind) {
        Self.expectSlide(kind, friction: 0.2, floorFriction: 0.8, mixed: 0.4)
        Self.expectSlide(kind, friction: 0.8, floorFriction: 0.2, mixed: 0.4)
    }

    /// A boundary takes the item's friction: μ = 0.3 stops the box after 1 s and
    /// 300²/(2·300) = 150 pt (147.5 pt on the UIKit clock).
    @Test(arguments: SolverKind.allCases)
    func aBoundaryTakesTheItemsFriction(kind: SolverKind) {
        Self.expectSlide(kind, friction: 0.3, floorFriction: nil, mixed: 0.3)
    }

    /// Two balls meet head-on without gravity: A (density 2, elasticity 0.2) at 300 pt/s, B
    /// (density 0.5, elasticity 0.7) at rest, equal sizes, so m_A = 4·m_B. With e = max = 0.7
    /// momentum and `v_B′ − v_A′ = e·300` give `v_A′ = (m_A − e·m_B)/(m_A + m_B)·300 = 198` and
    /// `v_B′ = (1 + e)·m_A/(m_A + m_B)·300 = 408` pt/s (`min` would give 228 and 288; equal
    /// masses 45 and 255).
    @Test(arguments: SolverKind.allCases)
    func elasticityBetweenItemsIsTheLarger(kind: SolverKind) {
        for (elasticityA, elasticityB) in [(0.2, 0.7), (0.7, 0.2)] {
            var world = Self.world(kind)
            let a = Self.item(
                &world, at: Vec2(0, 0), size: Vec2(40, 40), shape: .ellipse, density: 2, velocity: Vec2(300, 0),
                elasticity: elasticityA, gravity: 0)
            let b = Self.item(
                &world, at: Vec2(100, 0), size: Vec2(40, 40), shape: .ellipse, density: 0.5, elasticity: elasticityB,
                gravity: 0)
            for _ in 0..<30 { world.step(timeStep: 1.0 / 60, substeps: 4) }
            let (vA, vB) = (world.velocity(of: a), world.velocity(of: b))
            #expect(abs(vA.x - 198) < 1e-6, "\(kind), e \(elasticityA)/\(elasticityB): v_A′ = \(vA.x)")
            #expect(abs(vB.x - 408) < 1e-6, "\(kind), e \(elasticityA)/\(elasticityB): v_B′ = \(vB.x)")
            #expect(vA.y == 0 && vB.y == 0)
        }
    }

    /// A ball dropped onto a floor leaves it at e times the speed it hit it with: e = max(0.2, 0.7)
    /// on an anchored item, the ball's own 0.6 on a boundary. Hit and rebound are read around the
    /// step where the ball turns; on the UIKit clock the impact speed includes that step's
    /// gravity (2.3 takes the relative velocity after integrating forces).
    @Test(arguments: SolverKind.allCases)
    func aBallReboundsAtTheMixedElasticity(kind: SolverKind) {
        for (ball, floor, e) in [(0.2, 0.7, 0.7), (0.7, 0.2, 0.7), (0.6, nil, 0.6)] as [(Double, Double?, Double)] {
            var world = Self.world(kind)
            if let floor {
                _ = Self.item(&world, at: Vec2(0, 520), size: Vec2(400, 40), anchored: true, elasticity: floor)
            } else {
                world.createBoundary(from: Vec2(-200, 500), to: Vec2(200, 500), group: 0)
            }
            let id = Self.item(&world, at: Vec2(0, 280), size: Vec2(40, 40), shape: .ellipse, elasticity: ball)
            var before = 0.0
            var after = 0.0
            for _ in 0..<60 {
                let v = world.velocity(of: id).y
                world.step(timeStep: 1.0 / 60, substeps: 4)
                if world.velocity(of: id).y < 0 {
                    (before, after) = (v, -world.velocity(of: id).y)
                    break
                }
            }
            let impact = kind == .uikit ? before + Self.g / 60 : before
            #expect(impact > 500, "\(kind): the ball hit the floor at \(impact) pt/s")
            #expect(abs(after - e * impact) < 1e-6 * impact, "\(kind), ball \(ball) on \(floor ?? -1): left at \(after), hit at \(impact)")
        }
    }
}
