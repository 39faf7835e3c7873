import Testing
import TetherJSON
import TetherLayout
import TetherPhysics
@testable import TetherScenario

/// Data-source updates and drag to reorder, played through `Replay`.
@Suite struct LivingReplayTests {
    static func scenario(
        _ events: String, sections: Int = 20, dynamics: String = #"{"type": "springy", "preset": "vv"}"#, frames: Int = 240
    ) throws -> Scenario {
        let text = """
            {"name": "t", "frames": \(frames), "viewport": {"width": 320, "height": 568},
             "layout": {"type": "flow", "sections": [\(sections)], "itemSize": {"width": 320, "height": 44}},
             "dynamics": \(dynamics), "output": {"items": "all"}, "events": [\(events)]}
            """
        return try ScenarioLoader.decode(try JSONParser.parse(text), file: "t.json")
    }

    /// Every frame's rows, frame 0 first.
    static func frames(_ scenario: Scenario) throws -> [[ElementRow]] {
        var replay = Replay(scenario)
        var result = [replay.frameRecord(items: .all).rows]
        while !replay.isFinished {
            try replay.advance()
            result.append(replay.frameRecord(items: .all).rows)
        }
        return result
    }

    static func cells(_ rows: [ElementRow]) -> [ElementRow] { rows.filter { $0.kind == .cell } }

    @Test func insertedCellsFadeInOverAQuarterSecond() throws {
        let frames = try Self.frames(try Self.scenario(
            #"{"frame": 10, "type": "insert", "items": [{"section": 0, "item": 3}]}"#, dynamics: #"{"type": "none"}"#, frames: 40))
        func alpha(_ f: Int) -> Double? { Self.cells(frames[f]).first { $0.item == 3 }?.alpha }
        #expect(Self.cells(frames[10]).count == 20)
        #expect(Self.cells(frames[11]).count == 21)
        #expect(alpha(10) == 1)  // still the old item 3
        #expect(alpha(11) == 1.0 / 15)
        #expect(alpha(17) == 7.0 / 15)
        #expect(alpha(24) == 14.0 / 15)
        #expect(alpha(25) == 1)
        // The inserted row sits at its own place from the start; the old row 3 is now row 4.
        let y3 = try #require(Self.cells(frames[11]).first { $0.item == 3 }?.center.y)
        let y4 = try #require(Self.cells(frames[11]).first { $0.item == 4 }?.center.y)
        #expect(y3 == 184, "\(y3 - 184)")
        #expect(y4 == 238)
    }

    @Test func deletedCellsFadeOutWhereTheyWereThenLeave() throws {
        let frames = try Self.frames(try Self.scenario(
            #"{"frame": 10, "type": "delete", "items": [{"section": 0, "item": 3}]}"#, dynamics: #"{"type": "none"}"#, frames: 40))
        func threes(_ f: Int) -> [ElementRow] { Self.cells(frames[f]).filter { $0.item == 3 } }
        #expect(threes(11).count == 2)
        // The live row 3 (was 4) first, then the fading old row 3 at its old place.
        #expect(threes(11)[0].alpha == 1)
        #expect(threes(11)[0].center.y == 3 * 54 + 22)
        #expect(threes(11)[1].alpha == 1 - 1.0 / 15)
        #expect(threes(11)[1].center.y == 3 * 54 + 22)
        #expect(threes(20)[1].alpha == 1 - 10.0 / 15)
        #expect(threes(24).count == 2)
        #expect(threes(25).count == 1)
        #expect(Self.cells(frames[25]).count == 19)
    }

    @Test func aSpringyCellKeepsItsLagThroughAnInsertBeforeIt() throws {
        // A drag gives rows lags; an insert above row 8 mid-drag must not reset row 8's displacement.
        let drag = #"{"frame": 2, "type": "touchDown", "point": {"x": 160, "y": 20}}, {"frame": 2, "type": "drag", "by": {"x": 0, "y": -100}, "frames": 10}"#
        var plain = Replay(try Self.scenario(drag, frames: 30))
        var updated = Replay(try Self.scenario(drag + #", {"frame": 12, "type": "insert", "items": [{"section": 0, "item": 0}]}"#, frames: 30))
        for _ in 0..<12 {
            try plain.advance()
            try updated.advance()
        }
        let i8 = try #require(plain.dynamics.layoutAttributes.index(of: .cell(0, 8)))
        let lag = plain.dynamics.currentAttributes(at: i8).center.y - plain.dynamics.layoutAttributes[i8].center.y
        #expect(abs(lag) > 1)
        try updated.advance()
        try plain.advance()
        // After the insert the item is row 9; one step later it is still within a fraction of a
        // point of where the plain run's row 8 is (same body; only its anchor moved 54 pt down),
        // so it springs toward its new place instead of jumping there.
        let i9 = try #require(updated.dynamics.layoutAttributes.index(of: .cell(0, 9)))
        let p8 = plain.dynamics.currentAttributes(at: i8).center.y
        let p9 = updated.dynamics.currentAttributes(at: i9).center.y
        #expect(abs(p9 - p8) < 0.5)
        #expect(abs(updated.dynamics.layoutAttributes[i9].center.y - p9) > 10)
        #expect(updated.dynamics.layoutAttributes[i9].center.y == plain.dynamics.layoutAttributes[i8].center.y + 54)
        #expect(updated.scroll.contentSize.height == plain.scroll.contentSize.height + 54)
    }

    @Test func theDropInListRemovesADeletedItemTwoSecondsLater() throws {
        let scenario = try Self.scenario(
            #"{"frame": 0, "type": "insert", "items": [{"section": 0, "item": 0}, {"section": 0, "item": 1}]}, {"frame": 60, "type": "delete", "items": [{"section": 0, "item": 0}]}"#,
            sections: 0, dynamics: #"{"type": "gravity"}"#, frames: 220)
        let frames = try Self.frames(scenario)
        #expect(Self.cells(frames[0]).isEmpty)
        #expect(Self.cells(frames[1]).count == 2)
        #expect(Self.cells(frames[1]).allSatisfy { $0.alpha == 1.0 / 15 })
        // The delete at frame 60 cuts the rope; the data source deletes the item before frame 180.
        #expect(Self.cells(frames[180]).count == 2)
        #expect(Self.cells(frames[180]).allSatisfy { $0.alpha == 1 })
        #expect(Self.cells(frames[181]).count == 2)  // item 0 (was 1) and the fading old item 0
        #expect(Self.cells(frames[181]).filter { $0.alpha < 1 }.count == 1)
        #expect(Self.cells(frames[195]).count == 1)
        // The cut item fell: far below the viewport by then.
        let fading = try #require(Self.cells(frames[181]).first { $0.alpha < 1 })
        #expect(fading.center.y > 1500)
        // The content is the viewport.
        var replay = Replay(scenario)
        try replay.advance()
        #expect(replay.scroll.contentSize == Size(width: 320, height: 568))
    }

    @Test func removeAfterIsHonoured() throws {
        let scenario = try Self.scenario(
            #"{"frame": 0, "type": "insert", "items": [{"section": 0, "item": 0}]}, {"frame": 10, "type": "delete", "items": [{"section": 0, "item": 0}]}"#,
            sections: 0, dynamics: #"{"type": "gravity", "removeAfter": 0.5}"#, frames: 60)
        var replay = Replay(scenario)
        for _ in 0..<40 { try replay.advance() }
        #expect(replay.list.totalCount == 1)
        try replay.advance()
        #expect(replay.list.totalCount == 0)  // removed before frame 40 = 10 + 0.5 s·60 was stepped
    }

    @Test func aCutItemIsRemovedByIdentityEvenAfterAnInsertBeforeIt() throws {
        let scenario = try Self.scenario(
            #"{"frame": 0, "type": "insert", "items": [{"section": 0, "item": 0}, {"section": 0, "item": 1}, {"section": 0, "item": 2}]}, {"frame": 10, "type": "delete", "items": [{"section": 0, "item": 0}]}, {"frame": 20, "type": "insert", "items": [{"section": 0, "item": 0}]}"#,
            sections: 0, dynamics: #"{"type": "gravity", "removeAfter": 0.5}"#, frames: 60)
        var replay = Replay(scenario)
        for _ in 0..<21 { try replay.advance() }
        let cut = replay.list.ids[0][1]  // the first item, pushed to index 1 by the insert
        #expect(replay.list.ids[0].count == 4)
        let gravity = try #require(replay.dynamics as? GravityDynamics)
        #expect(gravity.rope(ofElement: 0) != nil)  // the new item hangs on its rope
        #expect(gravity.rope(ofElement: 1) == nil)  // the cut one, now at index 1, does not
        #expect(gravity.rope(ofElement: 2) != nil)
        while replay.frame < 41 { try replay.advance() }
        #expect(replay.list.ids[0].count == 3)
        #expect(!replay.list.ids[0].contains(cut))
    }

    static let reorder = #"""
        {"frame": 10, "type": "beginMove", "item": {"section": 0, "item": 2}, "point": {"x": 160, "y": 130}},
        {"frame": 12, "type": "updateMove", "point": {"x": 160, "y": 508}, "frames": 30}
        """#

    @Test func endMoveDropsTheCellIntoTheSlotUnderTheFinger() throws {
        var replay = Replay(try Self.scenario(Self.reorder + #", {"frame": 60, "type": "endMove"}"#))
        let before = replay.list.ids[0]
        while !replay.isFinished { try replay.advance() }
        var expected = before
        expected.insert(expected.remove(at: 2), at: 9)
        #expect(replay.list.ids[0] == expected)
        // Everything settles at the new layout.
        for i in replay.dynamics.layoutAttributes.indices {
            let a = replay.dynamics.currentAttributes(at: i)
            #expect(abs(a.center.y - replay.dynamics.layoutAttributes[i].center.y) < 0.5)
            #expect(a.zIndex == 0)
        }
    }

    @Test func cancelMovePutsEverythingBack() throws {
        var replay = Replay(try Self.scenario(Self.reorder + #", {"frame": 60, "type": "cancelMove"}"#))
        let before = replay.list.ids
        for _ in 0..<45 { try replay.advance() }
        // Mid-drag: the lifted cell is near the finger, drawn on top; row 5 has moved up a slot.
        let lifted = replay.dynamics.currentAttributes(at: 2)
        #expect(lifted.zIndex == 1)
        #expect(abs(lifted.center.y - 508) < 5)
        #expect(replay.dynamics.currentAttributes(at: 5).center.y < 5 * 54 + 22 - 40)
        while !replay.isFinished { try replay.advance() }
        #expect(replay.list.ids == before)
        for i in replay.dynamics.layoutAttributes.indices {
            #expect(abs(replay.dynamics.currentAttributes(at: i).center.y - replay.dynamics.layoutAttributes[i].center.y) < 0.5)
        }
    }
}
