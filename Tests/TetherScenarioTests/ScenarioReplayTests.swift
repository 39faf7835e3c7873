import Testing
import TetherJSON
import TetherLayout
import TetherPhysics
@testable import TetherScenario

/// Replay semantics the README promises: event timing, presets, `set`, the row order.
@Suite struct ScenarioReplayTests {
    static func scenario(_ extra: String = "", dynamics: String = #"{"type": "springy", "preset": "ash"}"#, frames: Int = 60) throws -> Scenario {
        let text = """
            {"name": "t", "frames": \(frames), "viewport": {"width": 320, "height": 568},
             "layout": {"type": "flow", "sections": [100], "itemSize": {"width": 300, "height": 44}},
             "dynamics": \(dynamics)\(extra.isEmpty ? "" : ", " + extra)}
            """
        return try ScenarioLoader.decode(try JSONParser.parse(text), file: "t.json")
    }

    static func offsets(_ scenario: Scenario) throws -> [Double] {
        var replay = Replay(scenario)
        var result = [replay.scroll.contentOffset.y]
        while !replay.isFinished {
            try replay.advance()
            result.append(replay.scroll.contentOffset.y)
        }
        return result
    }

    @Test func anEventAtFrameFShowsFromFrameFPlusOne() throws {
        let offsets = try Self.offsets(try Self.scenario(#""events": [{"frame": 10, "type": "scrollTo", "offset": {"x": 0, "y": 200}}]"#))
        #expect(offsets[10] == 0)
        #expect(offsets[11] == 200)
    }

    @Test func aScrollSpreadsOverItsFrames() throws {
        let offsets = try Self.offsets(try Self.scenario(#""events": [{"frame": 5, "type": "scroll", "by": {"x": 0, "y": 100}, "frames": 4}]"#))
        #expect(Array(offsets[5...10]) == [0, 25, 50, 75, 100, 100])
    }

    @Test func explicitKeysOverrideThePreset() throws {
        let scenario = try Self.scenario(dynamics: #"{"type": "springy", "preset": "vv", "spring": {"damping": 0.3}, "tilePadding": 50}"#)
        guard case .springy(let configuration) = scenario.layoutScene?.dynamics else {
            Issue.record("expected springy dynamics")
            return
        }
        #expect(configuration.dampingRatio == 0.3)
        #expect(configuration.frequency == 0.8)
        #expect(configuration.resistance == 500)
        #expect(configuration.tilePadding == 50)
    }

    @Test func setChangesTheSpringsFromItsFrameOn() throws {
        let events = #""events": [{"frame": 20, "type": "set", "path": "dynamics.spring.frequency", "value": 3}]"#
        var replay = Replay(try Self.scenario(events))
        for _ in 0..<20 { try replay.advance() }
        let springy = try #require(replay.dynamics as? SpringyDynamics)
        let spring = try #require(springy.spring(ofElement: 0))
        #expect(springy.world.spring(of: spring)?.frequency == 1)
        try replay.advance()
        let after = try #require(replay.dynamics as? SpringyDynamics)
        #expect(after.world.spring(of: try #require(after.spring(ofElement: 0)))?.frequency == 3)
    }

    @Test func rowsComeViewportFirstThenInKeyOrder() throws {
        let replay = Replay(try Self.scenario())
        let rows = replay.frameRecord(items: .all).rows
        #expect(rows.first?.kind == .viewport)
        #expect(rows.count == 101)
        #expect(rows.dropFirst().map(\.item) == Array(0..<100))
        let visible = replay.frameRecord(items: .visible).rows
        // Rows start every 54 pt: rows 0…10 begin above y = 568.
        #expect(visible.dropFirst().map(\.item) == Array(0...10))
    }

    @Test func aReplayIsAPureFunctionOfTheScenario() throws {
        let scenario = try Self.scenario(#""events": [{"frame": 2, "type": "touchDown", "point": {"x": 100, "y": 300}}, {"frame": 2, "type": "drag", "by": {"x": 0, "y": -120}, "frames": 6}, {"frame": 8, "type": "touchUp", "velocity": {"x": 0, "y": -700}}]"#)
        func run() throws -> [ElementRow] {
            var replay = Replay(scenario)
            var rows: [ElementRow] = []
            while !replay.isFinished {
                try replay.advance()
                rows += replay.frameRecord(items: .all).rows
            }
            return rows
        }
        let first = try run()
        #expect(first == (try run()))
        #expect(Set(first.map(\.center.y)).count > 100, "the cells actually moved")
    }
}

extension ScenarioReplayTests {
    /// `"solver"` reaches the world of layout and world scenes; `--set solver=uikit` works.
    @Test func solverSelectsTheWorldsPipeline() throws {
        #expect(try Self.scenario().solver == .accurate)
        #expect(Replay(try Self.scenario()).world.solverKind == .accurate)
        let uikit = try Self.scenario(#""solver": "uikit""#)
        #expect(Replay(uikit).world.solverKind == .uikit)
        let text = #"{"name": "w", "frames": 3, "world": {"bounds": {"x": 0, "y": 0, "width": 100, "height": 100}, "items": [{"id": "a", "center": {"x": 50, "y": 50}, "size": {"width": 10, "height": 10}}]}}"#
        let overridden = try ScenarioLoader.decode(
            try JSONParser.parse(text), file: "w.json", overrides: [try ScenarioOverride(parsing: "solver=uikit")])
        #expect(overridden.solver == .uikit)
        #expect(WorldReplay(overridden).world.solverKind == .uikit)
        // Same scroll, different clocks: the springy rows move differently.
        let dragged = #""events": [{"frame": 0, "type": "scroll", "by": {"x": 0, "y": 200}, "frames": 10}]"#
        func finalPositions(_ scenario: Scenario) throws -> [Vec2] {
            var replay = Replay(scenario)
            while replay.frame < 20 { try replay.advance() }
            return replay.world.bodyIDs.map { replay.world.position(of: $0) }
        }
        let accuratePositions = try finalPositions(try Self.scenario(dragged))
        let uikitPositions = try finalPositions(try Self.scenario(dragged + #", "solver": "uikit""#))
        #expect(accuratePositions.count == uikitPositions.count && !accuratePositions.isEmpty)
        #expect(accuratePositions != uikitPositions)
    }
}
