import Testing
import TetherJSON
import TetherLayout
import TetherPhysics
@testable import TetherScenario

/// A layout scene's `set` event is decoded once, when the scenario loads, into a typed change:
/// every settable path, its value checked by the key that reads it in the file.
@Suite struct SetEventTests {
    static func load(_ set: String, dynamics: String = #"{"type": "springy", "preset": "ash"}"#) throws -> Scenario {
        try ScenarioReplayTests.scenario(#""events": [{"frame": 3, "type": "set", \#(set)}]"#, dynamics: dynamics)
    }

    static func message(_ set: String, dynamics: String = #"{"type": "springy", "preset": "ash"}"#) -> String? {
        do {
            _ = try load(set, dynamics: dynamics)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test(arguments: [
        (#""path": "dynamics.spring.damping", "value": 0.15"#, DynamicsChange.springDampingRatio(0.15)),
        (#""path": "dynamics.spring.frequency", "value": 3"#, .springFrequency(3)),
        (#""path": "dynamics.spring.length", "value": 2.5"#, .springLength(2.5)),
        (#""path": "dynamics.resistance", "value": 700"#, .resistance(700)),
        (#""path": "dynamics.distance", "value": "axis""#, .touchDistance(.axis)),
        (#""path": "dynamics.tilePadding", "value": 40"#, .tilePadding(40)),
        (#""path": "dynamics.tilePadding", "value": null"#, .tilePadding(nil)),
    ])
    func eachSettablePathDecodesToItsTypedChange(set: String, expected: DynamicsChange) throws {
        let event = try #require(try Self.load(set).events.first)
        guard case .set(let path, let change) = event.action else {
            Issue.record("expected a set event, got \(event.action)")
            return
        }
        #expect(change == expected)
        #expect(DynamicsFormats.settable.map(\.path).contains(path.description))
    }

    /// Every settable path is one the table lists, and the table's paths are exactly the ones
    /// the format reference names for `set`.
    @Test func theTableIsTheListTheFormatDescribes() {
        let paths = DynamicsFormats.settable.map(\.path)
        #expect(paths.count == 6 && Set(paths).count == 6)
        let description = EventFormats.union.variant("set").description
        #expect(description.contains(paths.joined(separator: ", ")))
    }

    @Test func aBadValueIsRefusedAtTheEventsValueWithTheKeysMessage() {
        #expect(Self.message(#""path": "dynamics.spring.damping", "value": -1"#)
            == "t.json: events[0].value: -1 is out of range: must be from 0 to 10000")
        #expect(Self.message(#""path": "dynamics.distance", "value": "euclid""#)?
            .hasPrefix(#"t.json: events[0].value: unknown value "euclid""#) == true)
        #expect(Self.message(#""path": "dynamics.spring.frequency", "value": "fast""#)
            == "t.json: events[0].value: expected a number, found a string")
    }

    @Test func aPathThatCannotChangeOrNeedsSpringsIsRefusedAtThePath() {
        #expect(Self.message(#""path": "frames", "value": 9"#)?
            .hasPrefix(#"t.json: events[0].path: "frames" cannot change during a run; one of: dynamics.spring.damping,"#) == true)
        #expect(Self.message(#""path": "dynamics.spring.damping", "value": 0.5"#, dynamics: #"{"type": "none"}"#)
            == #"t.json: events[0].path: "dynamics.spring.damping" needs springy dynamics"#)
    }

    /// After the event the configuration, and every spring, are what the file's key gives from
    /// the start: the change sets the very parameter the file sets.
    @Test func theChangeActsAsTheFilesKeyDoes() throws {
        var changed = Replay(try Self.load(#""path": "dynamics.spring.damping", "value": 0.3"#))
        for _ in 0..<5 { try changed.advance() }
        let springy = try #require(changed.dynamics as? SpringyDynamics)
        #expect(springy.configuration.dampingRatio == 0.3)
        let spring = try #require(springy.spring(ofElement: 0).flatMap { springy.world.spring(of: $0) })
        #expect(spring.dampingRatio == 0.3 && spring.frequency == 1)
        let fromFile = try ScenarioReplayTests.scenario(dynamics: #"{"type": "springy", "preset": "ash", "spring": {"damping": 0.3}}"#)
        guard case .springy(let configuration) = fromFile.layoutScene?.dynamics else {
            Issue.record("expected springy dynamics")
            return
        }
        #expect(configuration == springy.configuration)
    }
}
