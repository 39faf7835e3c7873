import Testing
import TetherJSON
import TetherPhysics
@testable import TetherScenario

/// Bad world scenes: each fails at the exact JSON path with a message that says what to fix.
@Suite struct WorldDecoderErrorTests {
    struct Case: Sendable, CustomStringConvertible {
        var behaviors: String
        var items: String = WorldFixture.items
        var path: String
        var fragment: String
        var description: String { path }
    }

    static let origin = #""anchor": {"x": 0, "y": 0}"#

    static let cases: [Case] = [
        Case(behaviors: "",
             items: #"[{"id": "card", "center": {"x": 0, "y": 0}, "size": {"width": 1, "height": 1}}, {"id": "card", "center": {"x": 0, "y": 0}, "size": {"width": 1, "height": 1}}]"#,
             path: "world.items[1].id", fragment: #"duplicate item id "card" (first used at world.items[0].id)"#),
        Case(behaviors: #"{"type": "gravity", "items": ["crd"]}"#,
             path: "world.behaviors[0].items[0]", fragment: #"unknown item "crd" (did you mean "card"?)"#),
        Case(behaviors: "",
             items: #"[{"id": "card", "center": {"x": 0, "y": 0}, "size": {"width": 0, "height": 1}}]"#,
             path: "world.items[0].size.width", fragment: "must be greater than 0"),
        Case(behaviors: "", items: "[]", path: "world.items", fragment: "at least one item"),
        Case(behaviors: "",
             items: #"[{"id": "", "center": {"x": 0, "y": 0}, "size": {"width": 1, "height": 1}}]"#,
             path: "world.items[0].id", fragment: "1 to 100 characters"),
        Case(behaviors: "",
             items: #"[{"id": "a", "center": {"x": 0, "y": 0}, "size": {"width": 1, "height": 1}, "shape": "circle"}]"#,
             path: "world.items[0].shape", fragment: "expected one of rectangle, ellipse"),
        Case(behaviors: #"{"type": "attachment", "item": "card", "toItem": "card"}"#,
             path: "world.behaviors[0].toItem", fragment: #"an item cannot be attached to itself ("card")"#),
        Case(behaviors: #"{"type": "attachment", "item": "card", "toItem": "ball", \#(origin)}"#,
             path: "world.behaviors[0].toItem", fragment: #"either "anchor" or "toItem", not both"#),
        Case(behaviors: #"{"type": "attachment", "item": "card"}"#,
             path: "world.behaviors[0]", fragment: #"needs "anchor" (a point) or "toItem""#),
        Case(behaviors: #"{"type": "attachment", "kind": "limit", "item": "card", \#(origin), "toOffset": {"x": 0, "y": 0}}"#,
             path: "world.behaviors[0].toOffset", fragment: #""toOffset" needs "toItem""#),
        Case(behaviors: #"{"type": "attachment", "kind": "fixed", "item": "card", "toItem": "ball"}"#,
             path: "world.behaviors[0]", fragment: #"a fixed attachment needs "anchor""#),
        Case(behaviors: #"{"type": "attachment", "kind": "pin", "item": "card", \#(origin), "range": {"min": 0.5, "max": 1}}"#,
             path: "world.behaviors[0].range.min", fragment: "the range must contain 0"),
        Case(behaviors: #"{"type": "attachment", "kind": "sliding", "item": "card", \#(origin), "range": {"min": -5, "max": -1}}"#,
             path: "world.behaviors[0].range.max", fragment: "the range must contain 0"),
        Case(behaviors: #"{"type": "attachment", "kind": "sliding", "item": "card", \#(origin), "axis": {"x": 0, "y": 0}}"#,
             path: "world.behaviors[0].axis", fragment: "must not be (0, 0)"),
        Case(behaviors: #"{"type": "attachment", "kind": "pin", "item": "card", \#(origin), "length": 3}"#,
             path: "world.behaviors[0].length", fragment: #"unknown key "length""#),
        Case(behaviors: #"{"type": "attachment", "kind": "hinge", "item": "card", \#(origin)}"#,
             path: "world.behaviors[0].kind", fragment: "expected one of spring, limit, fixed, pin, sliding"),
        Case(behaviors: #"{"type": "gravty", "items": []}"#,
             path: "world.behaviors[0].type", fragment: #"unknown value "gravty"; expected one of gravity, attachment, collision, itemBehavior, push, snap (did you mean "gravity"?)"#),
        Case(behaviors: #"{"items": []}"#,
             path: "world.behaviors[0]", fragment: #"missing required key "type""#),
        Case(behaviors: #"{"type": "snap", "item": "card", "point": {"x": 0, "y": 0}, "dampng": 0.2}"#,
             path: "world.behaviors[0].dampng", fragment: #"unknown key "dampng" (did you mean "damping"?)"#),
        Case(behaviors: #"{"type": "snap", "item": "card", "point": {"x": 0, "y": 0}, "damping": 1.5}"#,
             path: "world.behaviors[0].damping", fragment: "must be from 0 to 1"),
        Case(behaviors: #"{"type": "gravity", "id": "g", "items": []}, {"type": "push", "id": "g", "items": [], "mode": "continuous"}"#,
             path: "world.behaviors[1].id", fragment: #"duplicate behavior id "g" (first used at world.behaviors[0].id)"#),
        Case(behaviors: #"{"type": "collision", "items": [], "insets": {"left": 200, "right": 120}}"#,
             path: "world.behaviors[0].insets", fragment: "the insets leave no area: left + right = 320"),
        Case(behaviors: #"{"type": "collision", "items": [], "insets": {"top": -1}}"#,
             path: "world.behaviors[0].insets.top", fragment: "must be from 0 to 1000000"),
        Case(behaviors: #"{"type": "collision", "items": [], "boundaries": [{"id": "b", "from": {"x": 1, "y": 2}, "to": {"x": 1, "y": 2}}]}"#,
             path: "world.behaviors[0].boundaries[0].to", fragment: "a boundary needs two different points"),
        Case(behaviors: #"{"type": "collision", "items": [], "boundaries": [{"id": "b", "from": {"x": 1, "y": 2}, "to": {"x": 3, "y": 2}}, {"id": "b", "from": {"x": 1, "y": 2}, "to": {"x": 3, "y": 4}}]}"#,
             path: "world.behaviors[0].boundaries[1].id", fragment: #"duplicate boundary id "b""#),
        Case(behaviors: #"{"type": "collision", "items": ["card", "ball", "card"]}"#,
             path: "world.behaviors[0].items[2]", fragment: #"item "card" is listed twice (first at world.behaviors[0].items[0])"#),
        Case(behaviors: #"{"type": "collision", "items": [], "mode": "all"}"#,
             path: "world.behaviors[0].mode", fragment: "expected one of items, boundaries, everything"),
        Case(behaviors: #"{"type": "itemBehavior", "items": [], "density": 0}"#,
             path: "world.behaviors[0].density", fragment: "must be greater than 0"),
        Case(behaviors: #"{"type": "itemBehavior", "items": [], "elasticity": 11}"#,
             path: "world.behaviors[0].elasticity", fragment: "must be from 0 to 10"),
        Case(behaviors: #"{"type": "push", "items": []}"#,
             path: "world.behaviors[0]", fragment: #"missing required key "mode""#),
        Case(behaviors: #"{"type": "gravity"}"#,
             path: "world.behaviors[0]", fragment: #"missing required key "items""#),
        Case(behaviors: #"{"type": "snap", "item": "cart", "point": {"x": 0, "y": 0}}"#,
             path: "world.behaviors[0].item", fragment: #"unknown item "cart" (did you mean "card"?)"#),
    ]

    @Test(arguments: cases)
    func rejects(_ bad: Case) throws {
        let world = try WorldFixture.world(bad.behaviors, items: bad.items)
        let error = try #require(WorldFixture.error { _ = try WorldDecoder.decode(world, at: JSONPath.root.appending("world")) })
        #expect(error.path.description == bad.path)
        #expect(error.message.contains(bad.fragment), "\(error.message)")
    }

    @Test(arguments: [
        (#"{"x": 0, "y": 0, "width": 0, "height": 10}"#, "world.bounds.width", "must be greater than 0"),
        (#"{"x": 0, "width": 10, "height": 10}"#, "world.bounds", #"missing required key "y""#),
        (#"{"x": 0, "y": 0, "width": 10, "height": 10, "depth": 1}"#, "world.bounds.depth", #"unknown key "depth""#),
    ])
    func rejectsBadBounds(_ bounds: String, _ path: String, _ fragment: String) throws {
        let world = try JSONParser.parse(#"{"bounds": \#(bounds), "items": \#(WorldFixture.items)}"#)
        let error = try #require(WorldFixture.error { _ = try WorldDecoder.decode(world, at: JSONPath.root.appending("world")) })
        #expect(error.path.description == path)
        #expect(error.message.contains(fragment), "\(error.message)")
    }

    @Test func atMost64CollisionBehaviors() throws {
        let one = #"{"type": "collision", "items": []}"#
        _ = try WorldFixture.scene(Array(repeating: one, count: 64).joined(separator: ","))
        let error = try #require(WorldFixture.error {
            _ = try WorldFixture.scene(Array(repeating: one, count: 65).joined(separator: ","))
        })
        #expect(error.path.description == "world.behaviors[64].type")
        #expect(error.message.contains("more than 64 collision behaviors"))
    }

    @Test func suggestionsFollowDeclarationOrder() throws {
        // "cat" is one edit from both "bat" and "car": the first declared wins, every run.
        let items = #"[{"id": "car", "center": {"x": 0, "y": 0}, "size": {"width": 1, "height": 1}}, {"id": "bat", "center": {"x": 0, "y": 0}, "size": {"width": 1, "height": 1}}]"#
        let error = try #require(WorldFixture.error {
            _ = try WorldDecoder.decode(try WorldFixture.world(#"{"type": "gravity", "items": ["cat"]}"#, items: items), at: .root)
        })
        #expect(error.message == #"unknown item "cat" (did you mean "car"?)"#)
    }
}
