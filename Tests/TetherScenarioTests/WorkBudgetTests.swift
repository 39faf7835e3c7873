import Testing
import TetherJSON
import TetherPhysics
@testable import TetherScenario

/// What a scenario's work counts, and the budget's refusal.
@Suite struct WorkBudgetTests {
    static func scenario(_ text: String, budget: WorkBudget = WorkBudget(limit: .max)) throws -> Scenario {
        try ScenarioLoader.decode(try JSONParser.parse(text), file: "t.json", budget: budget)
    }

    static let list = """
        "name": "t", "frames": 100, "viewport": {"width": 320, "height": 568},
        "layout": {"type": "flow", "sections": [10, 5], "itemSize": {"width": 300, "height": 44},
                   "headerSize": {"width": 0, "height": 20}}
        """

    /// Every element of the layout (cells and headers) plus every item inserted later, times
    /// frames and substeps; the UIKit clock takes one step per frame.
    @Test func aLayoutCountsItsElementsAndInsertedItems() throws {
        let plain = try Self.scenario("{\(Self.list)}").work
        #expect(plain == ScenarioWork(frames: 100, stepsPerFrame: 4, items: 15 + 2, collidingItems: 0, neighbours: 0))
        #expect(plain.itemSteps == 100 * 4 * 17)
        let inserts = try Self.scenario("""
            {\(Self.list), "dynamics": {"type": "springy"}, "events": [
              {"frame": 3, "type": "insert", "items": [{"section": 0, "item": 0}, {"section": 1, "item": 2}]},
              {"frame": 9, "type": "batch", "inserts": [{"section": 0, "item": 1}], "deletes": [{"section": 1, "item": 0}]}]}
            """).work
        #expect(inserts.items == 17 + 3)
        let uikit = try Self.scenario("{\(Self.list), \"solver\": \"uikit\", \"clock\": {\"hz\": 60, \"substeps\": 8}}").work
        #expect(uikit.stepsPerFrame == 1)
    }

    /// The drop-in list collides up to `maxItems` cells with each other, stacked in a column.
    @Test func theDropInListCountsNeighboursOfItsMaxItems() throws {
        let work = try Self.scenario("""
            {"name": "t", "frames": 60, "viewport": {"width": 320, "height": 568},
             "layout": {"type": "flow", "sections": [0]}, "dynamics": {"type": "gravity", "maxItems": 12}}
            """).work
        #expect(work.collidingItems == 12)
        #expect(work.neighbours == 12 * 4)
        #expect(work.items == 0, "the list starts empty and no event inserts")
        #expect(work.itemSteps == 60 * 4 * 50 * 48)
    }

    static func world(behaviors: String, events: String = "") -> String {
        let items = (0..<6).map { "{\"id\": \"i\($0)\", \"center\": {\"x\": \(20 * $0 + 10), \"y\": 10}, \"size\": {\"width\": 10, \"height\": 10}}" }
        return """
            {"name": "t", "frames": 10, "world": {"bounds": {"x": 0, "y": 0, "width": 200, "height": 200},
             "items": [\(items.joined(separator: ","))], "behaviors": [\(behaviors)]}, "events": [\(events)]}
            """
    }

    /// Items that collide with each other, in the file's behaviors or added by events, count
    /// their neighbourhoods; items that only meet boundaries do not.
    @Test func aWorldCountsNeighboursOfItemsThatCollideWithEachOther() throws {
        let none = try Self.scenario(Self.world(behaviors: "{\"type\": \"collision\", \"items\": [\"i0\", \"i1\"], \"mode\": \"boundaries\", \"boundsAsBoundary\": true}")).work
        #expect(none.collidingItems == 0)
        #expect(none.itemSteps == 10 * 4 * 6)
        let some = try Self.scenario(Self.world(
            behaviors: "{\"type\": \"collision\", \"items\": [\"i0\", \"i1\", \"i2\"]}",
            events: "{\"frame\": 5, \"type\": \"addBehavior\", \"behavior\": {\"type\": \"collision\", \"mode\": \"items\", \"items\": [\"i2\", \"i3\"]}}")).work
        #expect(some.collidingItems == 4)
        // Four 10 × 10 pt items: (10 + 4)² / 100 = 1.96 neighbours each, 7.84 in all.
        #expect(some.neighbours == 8)
        #expect(some.itemSteps == 10 * 4 * (6 + 50 * 8))
        #expect(some.description == "10 frames × 4 steps × (6 items + 50 × 8 neighbours of colliding items) = 16240 item-steps")
    }

    /// How many items of its size or larger fit within the speculative distance (2 pt) around an
    /// item, itself included: grows as items shrink, so packed small items count more.
    @Test func aNeighbourhoodIsTheRingWithinTheSpeculativeDistance() {
        #expect(abs(ScenarioWork.neighbourhood(of: Vec2(20, 20)) - 1.44) < 1e-12)
        #expect(ScenarioWork.neighbourhood(of: Vec2(2, 2)) == 9)
        #expect(abs(ScenarioWork.neighbourhood(of: Vec2(300, 44)) - 304 * 48 / (300 * 44.0)) < 1e-12)
        #expect(ScenarioWork.neighbourhood(of: Vec2(0.25, 0.5)) == 25, "sides below 1 pt count as 1 pt")
    }

    @Test func overTheBudgetIsRefusedWithTheNumbersAtFrames() throws {
        let budget = WorkBudget(limit: 100 * 4 * 17 - 1)
        let document = try JSONParser.parse("{\(Self.list)}")
        do throws(ScenarioLoadError) {
            _ = try ScenarioLoader.decode(document, file: "t.json", budget: budget)
            Issue.record("accepted over the budget")
        } catch {
            #expect(!error.isUnreadable)
            #expect(error.description == "t.json: frames: 100 frames × 4 steps × 17 items = 6800 item-steps, more than the work budget of 6799; shorten the run, or raise the budget with --max-work N if you mean it")
        }
        #expect(try Self.scenario("{\(Self.list)}", budget: WorkBudget(limit: 6800)).frames == 100, "the limit itself is allowed")
    }

    /// The standard budget is the documented 4·10⁹ item-steps, checked at its edge without
    /// stepping anything: a list of 10 000 items for 100 000 frames at 4 substeps is exactly the
    /// budget, one more frame is over it. (A changed budget fails here in milliseconds; the
    /// end-to-end tests would have to run a scene near the budget to notice.)
    @Test func theStandardBudgetIsFourBillionItemSteps() throws {
        let list = #""name": "t", "viewport": {"width": 320, "height": 568}, "layout": {"type": "flow", "sections": [10000], "itemSize": {"width": 300, "height": 44}}"#
        let edge = try ScenarioLoader.decode(try JSONParser.parse("{\(list), \"frames\": 100000}"), file: "t.json")
        #expect(edge.work.itemSteps == 4_000_000_000)
        #expect(throws: ScenarioLoadError.self) {
            try ScenarioLoader.decode(try JSONParser.parse("{\(list), \"frames\": 100001}"), file: "t.json")
        }
    }

    @Test func workSaturatesInsteadOfOverflowing() {
        let work = ScenarioWork(frames: 1_000_000, stepsPerFrame: 64, items: 1_000_000, collidingItems: 3_000_000_000, neighbours: 3_000_000_000)
        #expect(work.itemSteps == .max)
    }
}
