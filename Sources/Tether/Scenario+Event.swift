import Foundation
import TetherJSON

extension Scenario {
    /// One step of a scenario's script, at a frame: a finger landing, dragging and lifting, a
    /// programmatic scroll, a fling, or any event object of the scenario format.
    ///
    /// Points are in viewport coordinates and velocities in points per second, as
    /// `UIPanGestureRecognizer` reports them (`location(in:)`, `translation(in:)`,
    /// `velocity(in:)` of the collection view's superview). An event at frame f applies before
    /// frame f + 1 is computed.
    public struct Event: Sendable {
        /// Event objects, or the text of one, checked with the rest of the scenario.
        enum Source: Sendable {
            case values([JSONValue])
            case text(frame: Int?, String)
        }

        let source: Source

        static func object(_ type: String, frame: Int, _ members: [(key: String, value: JSONValue)]) -> Event {
            let head: [(key: String, value: JSONValue)] = [("frame", .number(Double(frame))), ("type", .string(type))]
            return Event(source: .values([.object(JSONObject(head + members))]))
        }

        /// A finger lands at `point`.
        public static func touchDown(frame: Int, at point: CGPoint) -> Event {
            object("touchDown", frame: frame, [("point", json(point))])
        }

        /// The finger moves by `translation`, spread evenly over `frames` frames; the content
        /// follows it.
        public static func drag(frame: Int, by translation: CGPoint, over frames: Int = 1) -> Event {
            object("drag", frame: frame, [("by", json(translation)), ("frames", .number(Double(frames)))])
        }

        /// The finger lifts; with a velocity the content decelerates as a `UIScrollView` does.
        public static func touchUp(frame: Int, velocity: CGPoint? = nil) -> Event {
            object("touchUp", frame: frame, velocity.map { [("velocity", json($0))] } ?? [])
        }

        /// A whole swipe: the finger lands at `point` at `frame`, drags by `translation` over
        /// `frames` frames and lifts at `velocity` when the drag ends (`frame + frames`).
        public static func swipe(frame: Int, from point: CGPoint, by translation: CGPoint, over frames: Int, velocity: CGPoint) -> Event {
            let events = [
                touchDown(frame: frame, at: point), drag(frame: frame, by: translation, over: frames),
                touchUp(frame: frame + frames, velocity: velocity),
            ]
            return Event(source: .values(events.flatMap { event -> [JSONValue] in
                guard case .values(let values) = event.source else { return [] }
                return values
            }))
        }

        /// The content offset moves by `offset` over `frames` frames, without a finger.
        public static func scroll(frame: Int, by offset: CGPoint, over frames: Int = 1) -> Event {
            object("scroll", frame: frame, [("by", json(offset)), ("frames", .number(Double(frames)))])
        }

        /// The content offset jumps to `offset`.
        public static func scroll(frame: Int, to offset: CGPoint) -> Event {
            object("scrollTo", frame: frame, [("offset", json(offset))])
        }

        /// The content decelerates from `velocity` (content points per second) without a finger;
        /// `rate` is `UIScrollView.decelerationRate` (0.998 is `.normal`, 0.99 `.fast`).
        public static func fling(frame: Int, velocity: CGPoint, rate: Double = 0.998) -> Event {
            object("fling", frame: frame, [("velocity", json(velocity)), ("rate", .number(rate))])
        }

        /// Any event object of the scenario format as JSON text. Give `frame` here or as the
        /// object's `"frame"` key, e.g.
        /// `.json(frame: 40, #"{"type": "insert", "items": [{"section": 0, "item": 3}]}"#)`.
        public static func json(frame: Int? = nil, _ text: String) -> Event {
            Event(source: .text(frame: frame, text))
        }

        static func json(_ point: CGPoint) -> JSONValue {
            ["x": .number(Double(point.x)), "y": .number(Double(point.y))]
        }
    }
}
