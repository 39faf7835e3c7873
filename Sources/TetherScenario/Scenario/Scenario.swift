import TetherLayout

/// A validated scenario: every value in range, every event known to fit the layout.
/// Built only by `ScenarioDecoder`, so holding one means the file was correct.
public struct Scenario: Sendable {
    public var name: String
    public var description: String?
    public var clock: Clock
    /// Frames simulated after frame 0.
    public var frames: Int
    public var seed: UInt64?
    public var viewport: Size
    public var contentOffset: Vec2
    public var layout: FlowLayout
    public var dynamics: DynamicsSpec
    /// Sorted by frame, file order within a frame.
    public var events: [ScenarioEvent]
    public var output: OutputOptions

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

/// The dynamics over the layout.
public enum DynamicsSpec: Sendable, Hashable {
    case none
    case springy(SpringyConfiguration)
}
