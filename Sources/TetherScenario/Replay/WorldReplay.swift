import TetherLayout
import TetherPhysics

/// Plays a world scene (UIKit Dynamics without a layout) frame by frame: the frame's behavior
/// events, then one step of the animator. Rows are the items in declaration order, kind `item`,
/// section 0; "visible" items are those whose rotated frame meets the reference bounds.
public struct WorldReplay: SceneReplay {
    public let scenario: Scenario
    public let scene: WorldScene
    public private(set) var animator: DynamicAnimator
    public private(set) var frame = 0
    public private(set) var restingSince: Int?
    public private(set) var contactEvents: [ContactEvent] = []
    private var nextEvent = 0
    /// The items' ids in declaration order (the rows' `item` indexes them).
    private let itemIDs: [String]

    public init(_ scenario: Scenario) {
        guard case .world(let scene) = scenario.scene else { preconditionFailure("WorldReplay plays world scenes") }
        self.scenario = scenario
        self.scene = scene
        itemIDs = scene.items.map(\.id)
        animator = DynamicAnimator(scene: scene)
        animator.setAllowsPause(scenario.allowsPause)
        animator.setSolverKind(scenario.solver)
        animator.setWorkers(scenario.workers)
    }

    public var world: World { animator.world }
    public var hasPendingEvents: Bool { nextEvent < scenario.events.count }

    public mutating func advance() throws(ReplayError) {
        while nextEvent < scenario.events.count, scenario.events[nextEvent].frame == frame {
            switch scenario.events[nextEvent].action {
            case .addBehavior(let id, let behavior): animator.add(behavior, id: id)
            case .removeBehavior(let id): animator.remove(id: id)
            case .replaceBehavior(let id, let behavior): animator.replace(id: id, with: behavior)
            default: break  // layout events never reach a world scene (the decoder rejects them)
            }
            nextEvent += 1
        }
        animator.step(timeStep: scenario.clock.frameDuration, substeps: scenario.clock.substeps)
        frame += 1
        contactEvents = animator.world.contactEvents
        if let body = animator.world.firstNonFiniteBody {
            throw .simulationFailed(frame: frame, reason: "item \(itemName(of: body)) has a non-finite position or velocity")
        }
        if animator.world.isPaused {
            if restingSince == nil { restingSince = frame }
        } else {
            restingSince = nil
        }
    }

    public var contactRecords: [ContactRecord] {
        contactEvents.map { event in
            let other: ContactRecord.Other
            switch event.partner {
            case .body(let body): other = .item(itemID(of: body))
            case .boundary(let boundary): other = .boundary(animator.boundaryName(boundary))
            }
            return ContactRecord(frame: frame, began: event.phase == .began, item: itemID(of: event.body), other: other, point: event.point)
        }
    }

    private func itemID(of body: BodyID) -> String {
        animator.item(of: body).map { scene.items[$0].id } ?? "#\(body.rawValue)"
    }

    /// The id of the item a body stands for.
    public func itemName(of body: BodyID) -> String {
        animator.bodies.firstIndex(of: body).map { "\"\(scene.items[$0].id)\"" } ?? "#\(body.rawValue)"
    }

    public func record(into record: inout FrameRecord, items: Scenario.ItemSelection) {
        let bounds = Rect(x: scene.bounds.origin.x, y: scene.bounds.origin.y, width: scene.bounds.size.x, height: scene.bounds.size.y)
        record.index = frame
        record.time = Double(frame) / Double(scenario.clock.hz)
        record.contentOffset = nil
        record.itemIDs = itemIDs
        record.rows.removeAll(keepingCapacity: true)
        record.rows.reserveCapacity(scene.items.count)
        animator.world.withPlacements { placements in
            for (i, item) in scene.items.enumerated() {
                let (center, rotation) = placements[animator.bodies[i]]
                let size = Size(width: item.size.x, height: item.size.y)
                if items == .visible && !Rect(boundingCenter: center, size: size, rotation: rotation).intersects(bounds) {
                    continue
                }
                record.rows.append(ElementRow(section: 0, item: i, kind: .item, center: center, size: size, angle: rotation.angle))
            }
        }
    }
}
