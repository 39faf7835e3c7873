import TetherJSON
import TetherLayout
import TetherPhysics

/// How much stepping a scenario asks for, in item-steps: frames × steps per frame × (items +
/// 50 × the neighbourhoods of the items that may collide). Each limit of `ScenarioLimits` is
/// reasonable on its own, but together they allowed a million items for a million frames; this
/// bounds the product.
///
/// The neighbourhood term is for contacts, which make dense world scenes slow: a body gets
/// contacts only with bodies that can reach it within a step (its swept box, see
/// `World.updateContacts`), so a packed body's contacts are bounded by how many bodies fit
/// within the speculative distance around it. An item of w × h pt counts
/// (w + 2d)(h + 2d) / (w·h) neighbours, d the speculative distance (2 pt): items of its own size
/// or larger that fit in that ring and itself, 1.44 for a 20 pt box, 9 for a 2 pt one. A
/// contact between a large and a small item is counted by the small one, whose neighbourhood
/// is the larger. The 50 is measured: a box of the 1 000-box pile costs 30–40 springy-list
/// items per step, a 2 pt box of a packed 10 000-box pile about 700 (docs/cli.md, "the work budget").
public struct ScenarioWork: Sendable, Hashable {
    public var frames: Int
    /// Physics steps per frame: `clock.substeps`, or 1 on the UIKit clock.
    public var stepsPerFrame: Int
    /// Elements that may be stepped: a layout's elements and every item inserted later, or a
    /// world's items.
    public var items: Int
    /// Items that may collide with each other (world collision behaviors in `items` or
    /// `everything` mode, added by events or not; the drop-in list's `maxItems`).
    public var collidingItems: Int
    /// The colliding items' neighbourhoods, summed and rounded (see the type's comment).
    public var neighbours: Int

    /// Item-steps one neighbour of a colliding item counts for.
    public static let contactCost = 50

    /// A drop-in list's cells (sizes unknown at load time) stack in a column: each has at most
    /// the cells above and below it and the walls.
    public static let dropInNeighbours = 4

    public init(frames: Int, stepsPerFrame: Int, items: Int, collidingItems: Int, neighbours: Int) {
        self.frames = frames
        self.stepsPerFrame = stepsPerFrame
        self.items = items
        self.collidingItems = collidingItems
        self.neighbours = neighbours
    }

    /// The neighbourhood of a colliding item of `size` (sides below 1 pt count as 1 pt).
    public static func neighbourhood(of size: Vec2) -> Double {
        let d = CollisionConstants.speculativeDistance
        let (w, h) = (max(1, size.x), max(1, size.y))
        return (w + 2 * d) * (h + 2 * d) / (w * h)
    }

    /// The item-steps, saturating at `Int.max`.
    public var itemSteps: Int {
        let contacts = Self.contactCost.multipliedReportingOverflow(by: neighbours)
        let perStep = items.addingReportingOverflow(contacts.partialValue)
        let steps = frames.multipliedReportingOverflow(by: stepsPerFrame)
        let total = steps.partialValue.multipliedReportingOverflow(by: perStep.partialValue)
        return contacts.overflow || perStep.overflow || steps.overflow || total.overflow ? .max : total.partialValue
    }

    /// "600 frames × 4 steps × (1000 items + 50 × 1440 neighbours of colliding items) = 175200000".
    public var description: String {
        var perStep = "\(items) item\(items == 1 ? "" : "s")"
        if collidingItems > 1 { perStep = "(\(perStep) + \(Self.contactCost) × \(neighbours) neighbours of colliding items)" }
        return "\(frames) frames × \(stepsPerFrame) step\(stepsPerFrame == 1 ? "" : "s") × \(perStep) = \(itemSteps) item-steps"
    }
}

/// The most item-steps a scenario may ask for unless the command line raises it (`--max-work`).
public struct WorkBudget: Sendable, Hashable {
    public var limit: Int

    public init(limit: Int) {
        self.limit = limit
    }

    /// 4·10⁹ item-steps: about a minute of springy list on one core of the 2-core machine the
    /// docs/cli.md's figures come from (≈ 10⁸ item-steps/s), 10⁹ item-frames at 4 substeps.
    public static let standard = WorkBudget(limit: 4_000_000_000)

    /// Refuses a scenario whose work is over the limit, with the numbers.
    public func check(_ scenario: Scenario) throws(ValidationError) {
        let work = scenario.work
        guard work.itemSteps > limit else { return }
        throw ValidationError(
            JSONPath([.key("frames")]),
            "\(work.description), more than the work budget of \(limit); shorten the run, or raise the budget with --max-work N if you mean it")
    }
}

extension Scenario {
    /// How much stepping the scenario asks for (see `ScenarioWork`).
    public var work: ScenarioWork {
        let stepsPerFrame = solver == .uikit ? 1 : clock.substeps
        switch scene {
        case .layout(let scene):
            var items = scene.layout.attributes.count
            for event in events {
                if case .update(let update, _) = event.action { items += update.inserts.count }
            }
            var colliding = 0
            if case .gravity(let configuration) = scene.dynamics { colliding = configuration.maxItems }
            return ScenarioWork(
                frames: frames, stepsPerFrame: stepsPerFrame, items: items, collidingItems: colliding,
                neighbours: colliding > 1 ? colliding * ScenarioWork.dropInNeighbours : 0)
        case .world(let scene):
            var colliding = Array(repeating: false, count: scene.items.count)
            func mark(_ behavior: Behavior) {
                guard case .collision(let collision) = behavior, collision.mode != .boundaries else { return }
                for item in collision.items where colliding.indices.contains(item) { colliding[item] = true }
            }
            for (_, behavior) in scene.behaviors { mark(behavior) }
            for event in events {
                switch event.action {
                case .addBehavior(_, let behavior), .replaceBehavior(_, let behavior): mark(behavior)
                default: break
                }
            }
            let count = colliding.count(where: { $0 })
            var neighbours = 0.0
            if count > 1 {
                for (item, collides) in zip(scene.items, colliding) where collides {
                    neighbours += ScenarioWork.neighbourhood(of: item.size)
                }
            }
            return ScenarioWork(
                frames: frames, stepsPerFrame: stepsPerFrame, items: scene.items.count, collidingItems: count,
                neighbours: Int(neighbours.rounded()))
        }
    }
}
