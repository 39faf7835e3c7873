import Testing
@testable import TetherPhysics

/// `World.translate(_:)` moves many bodies as `translate(_:by:)` moves each: same positions to
/// the bit, velocities untouched, and a paused world wakes.
@Suite struct WorldTranslateTests {
    static func world() -> (World, [BodyID]) {
        var world = World()
        let ids = (0..<5).map { i in
            world.createBody(BodyDefinition(position: Vec2(10.1 * Double(i), 3.3), size: Vec2(10, 10), linearVelocity: Vec2(1, Double(i))))
        }
        return (world, ids)
    }

    @Test func manyMovesGiveTheBitsOfOneAtATime() {
        var (batch, ids) = Self.world()
        var single = batch
        // Out of creation order, and one body moved twice.
        let moves = [(ids[3], Vec2(0.1, -7.7)), (ids[0], Vec2(1e-9, 0)), (ids[3], Vec2(-0.3, 0.2)), (ids[4], Vec2(5, 5))]
        batch.translate(moves.map { (body: $0.0, offset: $0.1) })
        for (body, offset) in moves { single.translate(body, by: offset) }
        for id in ids {
            #expect(batch.position(of: id) == single.position(of: id))
            #expect(batch.velocity(of: id) == single.velocity(of: id))
        }
        #expect(batch.position(of: ids[3]) != Self.world().0.position(of: ids[3]))
    }

    @Test func movingWakesAPausedWorldAndNothingDoesNot() {
        var (world, ids) = Self.world()
        world.isPaused = true
        world.translate([])
        #expect(world.isPaused)
        world.translate([(body: ids[1], offset: Vec2(1, 0))])
        #expect(!world.isPaused)
    }
}
