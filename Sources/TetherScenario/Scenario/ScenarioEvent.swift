import TetherJSON
import TetherLayout
import TetherPhysics

/// One scripted input, applied before its frame is stepped.
public struct ScenarioEvent: Sendable {
    public var frame: Int
    public var action: Action
    /// Where the event is in the file, for errors found while replaying.
    public var path: JSONPath

    public enum Action: Sendable {
        /// A finger lands at a viewport point.
        case touchDown(point: Vec2)
        /// The finger moves by a viewport translation, spread over `frames` frames.
        case drag(by: Vec2, frames: Int)
        /// The finger lifts, with an optional finger velocity (viewport pt/s).
        case touchUp(velocity: Vec2?)
        /// Programmatic content-offset change spread over `frames` frames.
        case scroll(by: Vec2, frames: Int)
        case scrollTo(offset: Vec2)
        /// Deceleration without a finger; velocity is the content offset's (pt/s).
        case fling(velocity: Vec2, rate: Double)
        /// A parameter of the springy list changes (`path` as the event wrote it).
        case set(path: JSONPath, change: DynamicsChange)
        /// World scenes: a behavior joins the animator.
        case addBehavior(id: String?, behavior: Behavior)
        /// World scenes: the behavior with this id leaves the animator.
        case removeBehavior(id: String)
        /// World scenes: `set` on `behaviors.<id>.<key>`; the behavior as it is after the change.
        case replaceBehavior(id: String, behavior: Behavior)
        /// A data-source update (`insert`, `delete`, `move` or `batch`): one performBatchUpdates.
        /// A custom layout's update may give the layout after it (else the layout stays).
        case update(BatchUpdate, layout: CustomLayout?)
        /// Drag to reorder: a finger (viewport point) lifts the cell at `item`.
        case beginMove(item: ItemPath, point: Vec2)
        /// The lifting finger moves to a viewport point, spread evenly over `frames` frames.
        case updateMove(point: Vec2, frames: Int)
        /// The lifted cell drops into the slot under the finger (a move update).
        case endMove
        /// The lifted cell returns to its place; the order does not change.
        case cancelMove
    }

    public init(frame: Int, action: Action, path: JSONPath) {
        self.frame = frame
        self.action = action
        self.path = path
    }
}
