import TetherLayout
import TetherPhysics

/// A validated scenario: every value in range, every event known to fit the layout.
/// Built only by `ScenarioDecoder`, so holding one means the file was correct.
public struct Scenario: Sendable {
    public var name: String
    public var description: String?
    public var clock: Clock
    /// Frames simulated after frame 0.
    public var frames: Int
    public var seed: UInt64?
    /// A layout with dynamics over it, or a world of free items and behaviors.
    public var scene: Scene
    /// Sorted by frame, file order within a frame.
    public var events: [ScenarioEvent]
    public var output: OutputOptions
    /// The top-level `"solver"`: `"accurate"` (default) or `"uikit"` (Box2D 2.3 at one step per
    /// frame, what UIKit Dynamics runs; `clock.substeps` is then ignored).
    public var solver: SolverKind = .accurate
    /// Whether the world may pause when everything is at rest (UIKit's behavior). Not a file key:
    /// `tether bench` turns it off so every step is measured, as the reference engines were.
    public var allowsPause = true
    /// The threads the replay's world may split its steps across. Not a file key: `--threads`
    /// of `tether run` and `tether bench`; every count gives the same output.
    public var workers = StepWorkers.serial
    /// The files the scenario names besides itself (custom layouts' `elementsFile`s), resolved
    /// against the scenario's folder: inputs that a command's outputs must not replace.
    public var namedFiles: [String] = []

    public enum Scene: Sendable {
        case layout(LayoutScene)
        case world(WorldScene)
    }

    /// The layout scene, for scenarios that have one.
    public var layoutScene: LayoutScene? {
        if case .layout(let scene) = scene { return scene }
        return nil
    }

    /// Output frames per second and physics substeps per frame.
    public struct Clock: Sendable, Hashable {
        public var hz: Int
        public var substeps: Int

        public init(hz: Int = 60, substeps: Int = 4) {
            self.hz = hz
            self.substeps = substeps
        }

        public var frameDuration: Double { 1 / Double(hz) }
    }

    /// What the scenario asks `run` to print; the command line can override both.
    public struct OutputOptions: Sendable, Hashable {
        public var items: ItemSelection
        public var every: Int

        public init(items: ItemSelection = .visible, every: Int = 1) {
            self.items = items
            self.every = every
        }
    }

    public enum ItemSelection: String, Sendable, Hashable, CaseIterable {
        /// Elements that intersect the viewport at that frame.
        case visible
        case all
    }
}

/// A collection view: its viewport, initial scroll position, layout (`FlowLayout` or
/// `WaterfallLayout`) and dynamics.
public struct LayoutScene: Sendable {
    public var viewport: Size
    public var contentOffset: Vec2
    public var layout: any CollectionLayout
    public var dynamics: DynamicsSpec

    public init(viewport: Size, contentOffset: Vec2, layout: any CollectionLayout, dynamics: DynamicsSpec) {
        self.viewport = viewport
        self.contentOffset = contentOffset
        self.layout = layout
        self.dynamics = dynamics
    }
}

/// The dynamics over the layout.
public enum DynamicsSpec: Sendable, Hashable {
    case none
    case springy(SpringyConfiguration)
    /// The drop-in list (`"type": "gravity"`; the format reference, docs/scenario-format.md §Dynamics).
    case gravity(GravityConfiguration)
}
