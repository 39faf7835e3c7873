import Foundation
import Testing
import Tether

/// Scenarios built in code from a layout's elements are scenarios like any file's.
@Suite struct BuiltScenarioTests {
    /// scenarios/circle-layout.json's layout and script, written with the builder.
    static func circleLayout(name: String = "circle-layout") throws -> Scenario {
        let corners: [(Double, Double)] = [
            (130, 190), (190, 206.077), (233.923, 250), (250, 310), (233.923, 370), (190, 413.923),
            (130, 430), (70, 413.923), (26.077, 370), (10, 310), (26.077, 250), (70, 206.077),
        ]
        let cells = corners.enumerated().map { item, corner in
            LayoutElement(item: item, frame: CGRect(x: corner.0, y: corner.1, width: 60, height: 60))
        }
        return try Scenario(
            name: name, frames: 200, viewport: CGSize(width: 320, height: 568),
            elements: [
                LayoutElement(item: 0, kind: .header, frame: CGRect(x: 0, y: 0, width: 320, height: 60), zIndex: 1),
                LayoutElement(item: 0, kind: .decoration, frame: CGRect(x: 40, y: 220, width: 240, height: 240), zIndex: -1, alpha: 0.5),
            ] + cells,
            contentSize: CGSize(width: 320, height: 900),
            dynamics: .springy(.ash),
            events: [
                .touchDown(frame: 10, at: CGPoint(x: 160, y: 520)),
                .drag(frame: 10, by: CGPoint(x: 0, y: -150), over: 15),
                .touchUp(frame: 25),
                .json(frame: 90, #"{"type": "touchDown", "point": {"x": 160, "y": 100}}"#),
                .drag(frame: 90, by: CGPoint(x: 0, y: 150), over: 15),
                .json(#"{"frame": 105, "type": "touchUp"}"#),
            ])
    }

    @Test func aBuiltLayoutReplaysAsTheSameFile() throws {
        let built = try Self.circleLayout()
        let file = try Scenario(contentsOf: TetherBinary.url("scenarios/circle-layout.json"))
        for format in Replay.OutputFormat.allCases {
            #expect(try built.replay(items: .all).output(format) == file.replay(items: .all).output(format))
        }
        #expect(try built.replay().output(.csv) == Data(contentsOf: TetherBinary.url("golden/circle-layout.csv")))
    }

    /// Without dynamics, frame 0 lists the elements as given: centers and sizes of their frames,
    /// angle, alpha and zIndex; another supplementary kind is listed as a decoration.
    @Test func frameZeroIsTheLayout() throws {
        let elements = [
            LayoutElement(section: 1, item: 0, frame: CGRect(x: 10, y: 500, width: 80, height: 40), zIndex: 2, alpha: 0.25, angle: 0.5),
            LayoutElement(section: 0, item: 1, frame: CGRect(x: 100, y: 20.5, width: 80, height: 40)),
            LayoutElement(section: 0, item: 0, frame: CGRect(x: 10, y: 20.5, width: 80, height: 40)),
            LayoutElement(section: 0, item: 3, kind: .supplementary, frame: CGRect(x: 0, y: 0, width: 8, height: 8), zIndex: 5),
            LayoutElement(section: 0, item: 0, kind: .footer, frame: CGRect(x: 0, y: 70, width: 200, height: 10)),
        ]
        let scenario = try Scenario(
            name: "plain", frames: 3, viewport: CGSize(width: 200, height: 300), elements: elements, dynamics: .none,
            items: .all)
        var replay = try scenario.replay()
        let frame = try #require(try replay.next())
        #expect(frame.number == 0 && frame.time == 0 && frame.contentOffset == .zero)
        #expect(frame.viewport == CGRect(x: 0, y: 0, width: 200, height: 300))
        #expect(frame.elements.map(\.kind) == [.cell, .cell, .footer, .decoration, .cell])
        #expect(frame.elements.map(\.item) == [0, 1, 0, 3, 0])
        for element in elements {
            let kind: ReplayFrame.Element.Kind = element.kind == .supplementary ? .decoration : element.kind == .footer ? .footer : .cell
            let listed = try #require(frame.element(section: element.section, item: element.item, kind: kind))
            #expect(listed.frame == element.frame)
            #expect(listed.angle == element.angle && listed.alpha == element.alpha && listed.zIndex == element.zIndex)
        }
    }

    /// A spring at rest length 0 whose body sits on its anchor with no velocity exerts no force:
    /// with nothing scrolling, every frame is frame 0.
    @Test func untouchedSpringyLayoutStaysPut() throws {
        let cells = (0..<30).map { LayoutElement(item: $0, frame: CGRect(x: Double($0 % 3) * 110, y: Double($0 / 3) * 90, width: 100, height: 80)) }
        let scenario = try Scenario(
            name: "still", frames: 120, viewport: CGSize(width: 330, height: 500), elements: cells, dynamics: .springy(.vv))
        let frames = try scenario.replay().frames()
        #expect(frames.count == 121)
        for frame in frames.dropFirst() { #expect(frame.elements == frames[0].elements) }
    }

    /// A swipe is its three events.
    @Test func swipeIsTouchDownDragTouchUp() throws {
        func scenario(_ events: [Scenario.Event]) throws -> Scenario {
            let cells = (0..<60).map { LayoutElement(item: $0, frame: CGRect(x: 0, y: Double($0) * 50, width: 320, height: 44)) }
            return try Scenario(name: "swipe", frames: 90, viewport: CGSize(width: 320, height: 568), elements: cells, events: events)
        }
        let swipe = try scenario([.swipe(frame: 5, from: CGPoint(x: 160, y: 400), by: CGPoint(x: 0, y: -200), over: 10, velocity: CGPoint(x: 0, y: -900))])
        let spelled = try scenario([
            .touchDown(frame: 5, at: CGPoint(x: 160, y: 400)), .drag(frame: 5, by: CGPoint(x: 0, y: -200), over: 10),
            .touchUp(frame: 15, velocity: CGPoint(x: 0, y: -900)),
        ])
        let frames = try swipe.replay().frames()
        #expect(try frames == spelled.replay().frames())
        // The content follows the finger up while it drags, then keeps going after it lifts.
        #expect(frames[15].contentOffset == CGPoint(x: 0, y: 200))
        #expect(try #require(frames[40].contentOffset).y > 200)
    }

    @Test func problemsAreReportedAtTheirPlaceAfterTheName() throws {
        let cell = LayoutElement(item: 0, frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        let viewport = CGSize(width: 320, height: 568)
        func message(_ build: () throws -> Scenario) -> String? {
            #expect(throws: TetherError.self) { _ = try build() }
            do {
                _ = try build()
                return nil
            } catch {
                return (error as? TetherError)?.description
            }
        }
        #expect(message {
            try Scenario(name: "flat", frames: 10, viewport: viewport, elements: [
                cell, LayoutElement(item: 1, frame: CGRect(x: 0, y: 60, width: 0, height: 50)),
            ])
        } == "flat: layout.elements[1].frame: cell 0.1 is 0×50 pt: a cell's width and height must be positive (UIKit Dynamics cannot move an item without area)")
        #expect(message {
            try Scenario(name: "twice", frames: 10, viewport: viewport, elements: [cell, cell])
        } == "twice: layout.elements[1]: cell 0.0 appears twice (also at layout.elements[0])")
        #expect(message {
            try Scenario(name: "typo", frames: 10, viewport: viewport, elements: [cell],
                         dynamics: .json(#"{"type": "springy", "spring": {"dampng": 0.5}}"#))
        } == #"typo: dynamics.spring.dampng: unknown key "dampng" (did you mean "damping"?)"#)
        #expect(message {
            try Scenario(name: "broken", frames: 10, viewport: viewport, elements: [cell],
                         events: [.touchDown(frame: 1, at: .zero), .json(frame: 2, #"{"type": "touchUp",}"#)])
        }?.hasPrefix("broken: events[1]: line 1, column ") == true)
        #expect(message {
            try Scenario(name: "late", frames: 10, viewport: viewport, elements: [cell], events: [.touchUp(frame: 3)])
        }?.hasPrefix("late: events[0].type: ") == true)
    }
}
