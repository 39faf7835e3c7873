import Testing
@testable import TetherPhysics

/// `World.firstNonFiniteBody` (the replays' blow-up check after every step) sums every body's
/// values first and looks at bodies one by one only when the sum is not finite: it must find
/// the first body in slot order whatever value is not finite, on any thread count, and never
/// report finite bodies, even ones whose values overflow the sum.
@Suite struct NonFiniteBodyTests {
    /// 100 bodies in a row, on `threads` threads (chunks of at least 8 bodies).
    static func world(threads: Int = 1) -> (World, [BodyID]) {
        var world = World()
        let ids = (0..<100).map { i in world.createBody(BodyDefinition(position: Vec2(Double(i) * 30, 0), size: Vec2(20, 20))) }
        world.workers = StepWorkers(threads: threads, minimumChunk: 8, helpers: .always)
        return (world, ids)
    }

    @Test(arguments: [1, 3])
    func findsTheFirstBodyWithAValueThatIsNotFinite(threads: Int) {
        let breakages: [(String, (inout World, BodyID) -> Void)] = [
            ("position", { $0.setPosition(Vec2(.infinity, 0), of: $1) }),
            ("velocity", { $0.setVelocity(Vec2(0, .nan), of: $1) }),
            ("angular velocity", { $0.setAngularVelocity(-.infinity, of: $1) }),
            ("rotation", { $0.setRotation(Rotation(c: .nan, s: 0), of: $1) }),
        ]
        for (name, breakBody) in breakages {
            var (world, ids) = Self.world(threads: threads)
            #expect(world.firstNonFiniteBody == nil)
            breakBody(&world, ids[73])
            #expect(world.firstNonFiniteBody == ids[73], "\(name)")
            breakBody(&world, ids[41])
            #expect(world.firstNonFiniteBody == ids[41], "\(name), two broken bodies")
        }
    }

    /// Infinities of both signs add up to NaN, not to something finite.
    @Test func opposedInfinitiesAreFound() {
        var (world, ids) = Self.world()
        world.setPosition(Vec2(.infinity, 0), of: ids[10])
        world.setPosition(Vec2(-.infinity, 0), of: ids[11])
        #expect(world.firstNonFiniteBody == ids[10])
    }

    /// Finite values whose sum overflows: the bodies are looked at one by one, and none is
    /// reported.
    @Test func finiteValuesThatOverflowTheSumAreNotReported() {
        var (world, ids) = Self.world()
        for id in ids.prefix(4) { world.setPosition(Vec2(1e308, 1e308), of: id) }
        #expect(world.firstNonFiniteBody == nil)
    }
}
