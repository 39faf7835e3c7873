import TetherJSON
import TetherLayout
import TetherPhysics

/// How much stepping a scenario asks for, in item-steps: frames × steps per frame × (items + the
/// pairs of items that may collide). Each limit of `ScenarioLimits` is reasonable on its own, but
/// together they allowed a million items for a million frames; this bounds the product.
///
/// The pairs term is for collisions: contacts are what makes dense world scenes slow and big, and
/// at load time nothing bounds them below n·(n − 1)/2 for n colliding items. Ten thousand 2 × 2 pt
/// boxes packed 0.4 pt apart and falling together average 1.1 million contacts per frame over
/// their first simulated second, with 3.2 GB resident: the speculative margin of each box grows
/// with its speed, so boxes falling side by side keep contacts with every neighbour within a
/// frame's travel. Memory follows the contacts, not the frames (README, "the work budget").
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

    public var collidingPairs: Int { collidingItems * max(0, collidingItems - 1) / 2 }

    /// The item-steps, saturating at `Int.max`.
    public var itemSteps: Int {
        let perStep = items.addingReportingOverflow(collidingPairs)
        let steps = frames.multipliedReportingOverflow(by: stepsPerFrame)
        let total = steps.partialValue.multipliedReportingOverflow(by: perStep.partialValue)
        return perStep.overflow || steps.overflow || total.overflow ? .max : total.partialValue
    }

    /// "600 frames × 4 steps × (1000 items + 499500 pairs of colliding items) = 1201200000".
    public var description: String {
        var perStep = "\(items) item\(items == 1 ? "" : "s")"
        if collidingItems > 1 { perStep = "(\(perStep) + \(collidingPairs) pairs of colliding items)" }
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
    /// README's figures come from (≈ 10⁸ item-steps/s), 10⁹ item-frames at 4 substeps.
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
            return ScenarioWork(frames: frames, stepsPerFrame: stepsPerFrame, items: items, collidingItems: colliding)
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
            return ScenarioWork(
                frames: frames, stepsPerFrame: stepsPerFrame, items: scene.items.count,
                collidingItems: colliding.count(where: { $0 }))
        }
    }
}
