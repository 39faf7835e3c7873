import Foundation
import Testing
import TetherJSON
import TetherLayout
import TetherPhysics
@testable import TetherScenario

/// The schema and the reference are written from the decoder's key tables; these tests hold the
/// three together: what the schema says is what the decoder does.
@Suite struct ScenarioSchemaTests {
    static var schema: JSONValue { ScenarioSchema.document }

    /// Every object under "properties" anywhere in the schema, with where it sits (except in a
    /// union's `if` conditions, which only test a tag's value).
    static func properties(in value: JSONValue, at path: String = "$") -> [(path: String, schema: JSONValue)] {
        var found: [(String, JSONValue)] = []
        switch value {
        case .object(let object):
            for (key, member) in object.members where key != "if" {
                if key == "properties", case .object(let properties) = member {
                    for (name, property) in properties.members { found.append(("\(path).\(name)", property)) }
                }
                found += properties(in: member, at: "\(path)/\(key)")
            }
        case .array(let elements):
            for (i, element) in elements.enumerated() { found += properties(in: element, at: "\(path)[\(i)]") }
        default:
            break
        }
        return found
    }

    @Test func everyPropertyHasADescription() {
        let all = Self.properties(in: Self.schema)
        #expect(all.count > 150)
        for (path, property) in all {
            guard case .object(let object) = property, case .string(let text)? = object["description"] else {
                Issue.record("\(path) has no description")
                continue
            }
            #expect(text.count > 3, "\(path)")
        }
    }

    @Test func theTextIsDeterministicAndParsesBack() throws {
        let text = ScenarioSchema.text
        #expect(text == ScenarioSchema.text)
        #expect(try JSONParser.parse(Array(text.utf8)) == Self.schema)
    }

    /// The enumerations in the schema are the model's own lists.
    @Test func enumsComeFromTheModel() throws {
        func enumeration(_ path: String...) throws -> [String] {
            var value = Self.schema
            for key in path {
                guard case .object(let object) = value, let next = object[key] else { throw ValidationError(.root, "no \(path)") }
                value = next
            }
            guard case .object(let object) = value, case .array(let list)? = object["enum"] else { throw ValidationError(.root, "no enum") }
            return list.compactMap { if case .string(let s) = $0 { s } else { nil } }
        }
        #expect(try enumeration("$defs", "layout", "properties", "type") == ["flow", "waterfall", "custom"])
        #expect(try enumeration("$defs", "layout", "properties", "type") == LayoutTypes.all.map(\.name))
        #expect(try enumeration("$defs", "dynamics.springy", "properties", "preset") == SpringyPreset.allCases.map(\.rawValue))
        #expect(try enumeration("properties", "solver") == SolverKind.allCases.map(\.rawValue))
        #expect(try enumeration("$defs", "attachment", "properties", "kind") == AttachmentBehavior.Kind.allCases.map(\.rawValue))
        #expect(try enumeration("$defs", "item", "properties", "shape") == BodyShape.allCases.map(\.rawValue))
        let events = try enumeration("$defs", "event", "properties", "type")
        #expect(events.count == 17)
        #expect(Set(events) == Set(EventFormats.layoutTypes + EventFormats.worldTypes))
    }

    /// A minimal layout scene with springy dynamics and an event, as JSON.
    static let layoutScene: JSONValue = [
        "name": "t", "frames": 10, "viewport": ["width": 320, "height": 568],
        "layout": ["type": "flow", "sections": [40], "itemSize": ["width": 300, "height": 44]],
        "dynamics": ["type": "springy", "spring": ["damping": 0.5]],
        "events": [["frame": 1, "type": "fling", "velocity": ["x": 0, "y": 100]]],
    ]

    /// A minimal custom layout scene: one cell, a given content size.
    static let customScene: JSONValue = [
        "name": "c", "frames": 10, "viewport": ["width": 320, "height": 568],
        "layout": [
            "type": "custom", "contentSize": ["width": 320, "height": 1000],
            "elements": [["section": 0, "item": 0, "frame": ["x": 10, "y": 10, "width": 300, "height": 44]]],
        ],
    ]

    static let worldScene: JSONValue = [
        "name": "w", "frames": 10,
        "world": [
            "bounds": ["x": 0, "y": 0, "width": 320, "height": 568],
            "items": [["id": "a", "center": ["x": 100, "y": 100], "size": ["width": 50, "height": 50]]],
            "behaviors": [["type": "snap", "item": "a", "point": ["x": 160, "y": 200]]],
        ],
    ]

    /// For every numeric key of the objects below, a value just past each bound of its table's
    /// range is refused at that key's path, and the bound itself is accepted: the decoder reads
    /// its ranges from the same tables the schema is written from.
    @Test func theDecoderEnforcesEachTableRange() throws {
        let cases: [(document: JSONValue, path: String, keys: [FormatKey])] = [
            (Self.layoutScene, "", ScenarioFormat.root.keys.filter { $0.name == "frames" }),
            (Self.layoutScene, "clock", ScenarioFormat.clock.keys),
            (Self.layoutScene, "output", ScenarioFormat.output.keys),
            (Self.layoutScene, "dynamics.spring", DynamicsFormats.spring.keys),
            (Self.layoutScene, "dynamics", DynamicsFormats.springy.keys),
            (Self.layoutScene, "layout", LayoutFormats.flow.keys),
            (Self.layoutScene, "events[0]", EventFormats.union.keys(of: "fling")),
            (Self.customScene, "layout.elements[0]", LayoutFormats.element.keys),
            (Self.customScene, "layout.elements[0].frame", LayoutFormats.elementFrame.keys),
            (Self.customScene, "layout.contentSize", LayoutFormats.contentSize.keys),
            (Self.worldScene, "world.items[0]", WorldFormats.item.keys),
            (Self.worldScene, "world.behaviors[0]", WorldFormats.behavior.keys(of: "snap")),
        ]
        var checked = 0
        for (document, base, keys) in cases {
            for key in keys {
                let bounds: (low: Double, high: Double, lowInclusive: Bool)
                switch key.format {
                case .integer(let r): bounds = (Double(r.lowerBound), Double(r.upperBound), true)
                case .number(let r): bounds = (r.lowerBound, r.upperBound, true)
                case .positive(let max): bounds = (0, max, false)
                case .nullable(.number(let r)): bounds = (r.lowerBound, r.upperBound, true)
                default: continue
                }
                let path = try JSONPath(parsing: base.isEmpty ? key.name : "\(base).\(key.name)")
                let outside = [bounds.low.isFinite ? bounds.low - (bounds.lowInclusive ? 1 : 0) : nil, bounds.high.isFinite ? bounds.high + 1 : nil]
                for value in outside.compactMap({ $0 }) {
                    let bad = try document.setting(.number(value), at: path)
                    do {
                        _ = try ScenarioDecoder.decode(bad)
                        Issue.record("\(path) = \(value) was accepted")
                    } catch let error as ValidationError {
                        #expect(error.path == path, "\(path) = \(value): \(error)")
                        #expect(error.message.contains("out of range"), "\(path) = \(value): \(error)")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked >= 25)
    }

    /// Defaults written in the tables are what the decoder uses when a key is absent.
    @Test func tableDefaultsAreTheDecodersDefaults() throws {
        let scenario = try ScenarioDecoder.decode(Self.layoutScene)
        #expect(scenario.clock.hz == 60 && ScenarioFormat.clockKeys[.hz].defaultValue == 60)
        #expect(scenario.clock.substeps == 4 && ScenarioFormat.clockKeys[.substeps].defaultValue == 4)
        guard case .springy(let springy) = scenario.layoutScene?.dynamics else {
            Issue.record("not springy")
            return
        }
        #expect(DynamicsFormats.springyKeys[.resistance].defaultValue == .number(springy.resistance))
        #expect(DynamicsFormats.springyKeys[.tilePadding].defaultValue == springy.tilePadding.map { .number($0) })
        #expect(DynamicsFormats.springKeys[.frequency].defaultValue == .number(springy.frequency))
        let layout = try #require(scenario.layoutScene?.layout as? FlowLayout)
        #expect(LayoutFormats.flowKeys[.minimumLineSpacing].defaultValue == .number(layout.minimumLineSpacing))
        let world = try ScenarioDecoder.decode(Self.worldScene)
        guard case .world(let scene) = world.scene, case .snap(let snap) = scene.behaviors[0].behavior else {
            Issue.record("not a snap")
            return
        }
        #expect(WorldFormats.snapKeys[.damping].defaultValue == .number(snap.damping))
    }

    /// A layout type's keys live in one registry entry; the decoder's "belongs to" message and the
    /// schema both come from it.
    @Test func keysOfAnotherLayoutTypeNameTheirOwner() throws {
        let bad = try Self.layoutScene.setting(2, at: JSONPath(parsing: "layout.columns"))
        #expect(throws: ValidationError(
            try JSONPath(parsing: "layout.columns"), "\"columns\" belongs to waterfall layouts; a flow layout has \"itemSize\"/\"itemSizes\"")) {
            try ScenarioDecoder.decode(bad)
        }
    }
}
