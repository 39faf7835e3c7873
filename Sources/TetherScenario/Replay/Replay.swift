import TetherLayout

/// Plays a layout scenario frame by frame: events → scroll model → dynamics → physics step → frame.
///
/// Frame 0 is the state before any step. For each later frame f (1…frames) the events of frame
/// f − 1 apply in file order, the scroll model advances one frame, the dynamics follow the
/// content-offset change, and the physics steps once (`clock.substeps` substeps).
public struct Replay: SceneReplay {
    public let scenario: Scenario
    public let scene: LayoutScene
    public private(set) var scroll: ScrollModel
    public private(set) var dynamics: any LayoutDynamics
    /// The frame whose state the replay holds.
    public private(set) var frame = 0
    private var nextEvent = 0
    /// The frame at which the scene came to rest and has stayed at rest since, if it is at rest.
    public private(set) var restingSince: Int?
    /// Headers pinned to the visible bounds, when the layout pins them (Replay+PinnedHeaders.swift).
    let pinnedHeaders: PinnedHeaders?

    /// A replay of a layout scenario (`scenario.layoutScene` must not be nil; see `makeReplay`).
    public init(_ scenario: Scenario) {
        guard let scene = scenario.layoutScene else { preconditionFailure("Replay plays layout scenes; use makeReplay") }
        self.scenario = scenario
        self.scene = scene
        let layout = scene.layout
        pinnedHeaders = PinnedHeaders(layout: layout)
        scroll = ScrollModel(
            viewportSize: scene.viewport, contentSize: layout.contentSize, axis: layout.scrollDirection,
            contentOffset: scene.contentOffset, frameDuration: scenario.clock.frameDuration)
        switch scene.dynamics {
        case .none: dynamics = StaticDynamics(layout: layout)
        case .springy(let configuration): dynamics = SpringyDynamics(layout: layout, configuration: configuration)
        }
        dynamics.setAllowsPause(scenario.allowsPause)
        dynamics.setSolverKind(scenario.solver)
        // The first layout pass creates the springs for what is visible at rest.
        dynamics.contentOffsetDidChange(by: .zero, touchLocation: nil, visibleRect: visibleRect)
    }

    /// The viewport in content coordinates.
    public var visibleRect: Rect { Rect(origin: scroll.contentOffset, size: scene.viewport) }

    public var world: World { dynamics.world }
    /// Layout scenes have no collision behaviors.
    public var contactEvents: [ContactEvent] { [] }
    public var contactRecords: [ContactRecord] { [] }

    /// Advances to the next frame. Throws `ReplayError` if an event cannot apply or the
    /// simulation blows up.
    public mutating func advance() throws(ReplayError) {
        while nextEvent < scenario.events.count, scenario.events[nextEvent].frame == frame {
            try apply(scenario.events[nextEvent])
            nextEvent += 1
        }
        let delta = scroll.advance()
        dynamics.contentOffsetDidChange(
            by: delta, touchLocation: scroll.hasTouchLocation ? scroll.touchLocation : nil, visibleRect: visibleRect)
        dynamics.step(timeStep: scenario.clock.frameDuration, substeps: scenario.clock.substeps)
        frame += 1
        if let body = dynamics.world.firstNonFiniteBody {
            throw .simulationFailed(frame: frame, reason: "body \(body.rawValue) has a non-finite position or velocity")
        }
        if isAtRest {
            if restingSince == nil { restingSince = frame }
        } else {
            restingSince = nil
        }
    }

    /// The physics world is paused (every body still for `World.restDuration`) and the content
    /// offset is not moving.
    public var isAtRest: Bool { dynamics.world.isPaused && !scroll.isMoving }

    /// No event is left to apply.
    public var hasPendingEvents: Bool { nextEvent < scenario.events.count }

    private mutating func apply(_ event: ScenarioEvent) throws(ReplayError) {
        do throws(ScrollError) {
            switch event.action {
            case .touchDown(let point): try scroll.touchDown(at: point)
            case .drag(let by, let frames): try scroll.drag(by: by, frames: frames)
            case .touchUp(let velocity): try scroll.touchUp(velocity: velocity)
            case .scroll(let by, let frames): scroll.scroll(by: by, frames: frames)
            case .scrollTo(let offset): try scroll.scrollTo(offset)
            case .fling(let velocity, let rate): try scroll.fling(velocity: velocity, rate: rate)
            case .addBehavior, .removeBehavior, .replaceBehavior:
                break  // world scenes only; the decoder never gives them to layout scenarios
            case .set(_, let spec):
                if case .springy(let configuration) = spec, var springy = dynamics as? SpringyDynamics {
                    springy.update(configuration: configuration)
                    dynamics = springy
                }
            }
        } catch {
            throw .eventFailed(path: event.path, frame: frame, reason: error.message)
        }
    }

    /// The rows of the current frame, in output order.
    public func frameRecord(items: Scenario.ItemSelection) -> FrameRecord {
        let viewport = visibleRect
        var rows: [ElementRow] = []
        let indices = displayedIndices(items: items)
        rows.reserveCapacity(indices.count + 1)
        rows.append(
            ElementRow(
                section: 0, item: 0, kind: .viewport, center: viewport.center,
                size: viewport.size))
        for i in indices {
            let a = displayedAttributes(at: i)
            rows.append(
                ElementRow(
                    section: a.key.section, item: a.key.item, kind: RowKind(a.key.kind), center: a.center,
                    size: a.frame.size, angle: a.angle, alpha: a.alpha, zIndex: a.zIndex))
        }
        return FrameRecord(
            index: frame, time: Double(frame) / Double(scenario.clock.hz), contentOffset: scroll.contentOffset, rows: rows)
    }
}

/// A scenario being played, frame by frame, whatever its kind of scene.
public protocol SceneReplay: Sendable {
    var scenario: Scenario { get }
    /// The frame whose state the replay holds.
    var frame: Int { get }
    /// The frame at which the scene came to rest and has stayed at rest since, if it is at rest.
    var restingSince: Int? { get }
    /// An event is still to come.
    var hasPendingEvents: Bool { get }
    var world: World { get }
    /// UIKit's contact callbacks of the last frame, in a deterministic order.
    var contactEvents: [ContactEvent] { get }
    /// The same, with item and boundary names.
    var contactRecords: [ContactRecord] { get }
    mutating func advance() throws(ReplayError)
    func frameRecord(items: Scenario.ItemSelection) -> FrameRecord
}

extension SceneReplay {
    public var isFinished: Bool { frame >= scenario.frames }
}

/// The replay for a scenario's kind of scene.
public func makeReplay(_ scenario: Scenario) -> any SceneReplay {
    switch scenario.scene {
    case .layout: Replay(scenario)
    case .world: WorldReplay(scenario)
    }
}

/// Why a replay stopped.
public enum ReplayError: Error, Sendable {
    /// An event could not apply (exit 65).
    case eventFailed(path: JSONPath, frame: Int, reason: String)
    /// The state became non-finite (exit 70).
    case simulationFailed(frame: Int, reason: String)
}
