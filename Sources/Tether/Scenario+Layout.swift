import Foundation
import TetherJSON
import TetherScenario

extension Scenario {
    /// The axis a layout scrolls along.
    public enum ScrollDirection: String, Sendable, Hashable, CaseIterable {
        /// Up and down (`UICollectionView.ScrollDirection.vertical`).
        case vertical
        /// Left and right.
        case horizontal
    }

    /// A scenario over your own layout: the elements it computed (for the whole content), the
    /// collection view's size and starting offset, the dynamics, and the script.
    ///
    /// The values become a scenario document (a custom layout, docs/scenario-format.md) checked
    /// exactly as a file is, so a problem is reported at its place in that document, after the
    /// scenario's name: `"mosaic: layout.elements[3].frame: cell 0.3 is 0×40 pt: …"`.
    ///
    /// - Parameters:
    ///   - name: names the scenario, its golden and its messages.
    ///   - frames: frames simulated after frame 0.
    ///   - viewport: the collection view's bounds size.
    ///   - elements: every cell, supplementary view and decoration, in any order.
    ///   - contentSize: the scrollable size; nil takes the union of the frames from the origin.
    ///   - contentOffset: where the content starts scrolled to.
    ///   - events: the script; an event's frame may repeat (events apply in order).
    ///   - hz: output frames per second; `substeps` physics steps run per frame.
    ///   - items: which elements each frame lists by default.
    public init(
        name: String, frames: Int, viewport: CGSize, elements: [LayoutElement], contentSize: CGSize? = nil,
        scrollDirection: ScrollDirection = .vertical, contentOffset: CGPoint = .zero,
        dynamics: Dynamics = .springy(), events: [Event] = [],
        hz: Int = 60, substeps: Int = 4, items: ItemSelection = .visible
    ) throws(TetherError) {
        var layout: [(key: String, value: JSONValue)] = [
            ("type", "custom"), ("scrollDirection", .string(scrollDirection.rawValue)),
        ]
        if let contentSize { layout.append(("contentSize", Self.json(contentSize))) }
        layout.append(("elements", .array(elements.map(Self.json))))
        let document: JSONValue = .object(JSONObject([
            ("name", .string(name)),
            ("clock", ["hz": .number(Double(hz)), "substeps": .number(Double(substeps))]),
            ("frames", .number(Double(frames))),
            ("viewport", Self.json(viewport)),
            ("contentOffset", Event.json(contentOffset)),
            ("layout", .object(JSONObject(layout))),
            ("dynamics", try Self.json(dynamics, source: name)),
            ("events", .array(try Self.json(events, source: name))),
            ("output", ["items": .string(items.rawValue)]),
        ]))
        try self.init(document: document, source: name)
    }

    static func json(_ size: CGSize) -> JSONValue {
        ["width": .number(Double(size.width)), "height": .number(Double(size.height))]
    }

    /// An element object of a custom layout. Other supplementary kinds are decorations there.
    static func json(_ element: LayoutElement) -> JSONValue {
        let kind: String = switch element.kind {
        case .cell: "cell"
        case .header: "header"
        case .footer: "footer"
        case .supplementary, .decoration: "decoration"
        }
        let frame = element.frame
        return .object(JSONObject([
            ("section", .number(Double(element.section))), ("item", .number(Double(element.item))),
            ("kind", .string(kind)),
            ("frame", [
                "x": .number(Double(frame.origin.x)), "y": .number(Double(frame.origin.y)),
                "width": .number(Double(frame.size.width)), "height": .number(Double(frame.size.height)),
            ]),
            ("zIndex", .number(Double(element.zIndex))), ("alpha", .number(element.alpha)),
            ("angle", .number(element.angle)),
        ]))
    }

    static func json(_ dynamics: Dynamics, source: String) throws(TetherError) -> JSONValue {
        switch dynamics.source {
        case .value(let value): return value
        case .text(let text): return try parse(text, at: "dynamics", source: source)
        }
    }

    /// The event objects in order; a JSON event given a frame here gets it as its `"frame"`.
    static func json(_ events: [Event], source: String) throws(TetherError) -> [JSONValue] {
        var objects: [JSONValue] = []
        for event in events {
            switch event.source {
            case .values(let values):
                objects += values
            case .text(let frame, let text):
                var value = try parse(text, at: JSONPath.root.appending("events").appending(objects.count).description, source: source)
                if let frame, case .object(var object) = value, object["frame"] == nil {
                    object = JSONObject([("frame", .number(Double(frame)))] + object.members)
                    value = .object(object)
                }
                objects.append(value)
            }
        }
        return objects
    }

    /// JSON text given for the part of the document at `path`.
    static func parse(_ text: String, at path: String, source: String) throws(TetherError) -> JSONValue {
        do {
            return try JSONParser.parse(text)
        } catch {
            throw TetherError(.invalidScenario, "\(source): \(path): line \(error.line), column \(error.column): \(error.message)")
        }
    }
}
