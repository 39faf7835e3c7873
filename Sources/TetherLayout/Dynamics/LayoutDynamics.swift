import TetherPhysics

/// What turns a layout's resting attributes into the attributes on screen, frame by frame:
/// nothing (`StaticDynamics`), springs (`SpringyDynamics`), or gravity and collisions
/// (`GravityDynamics`, the drop-in list).
public protocol LayoutDynamics: Sendable {
    /// The resting attributes, sorted by `ElementKey`; indexes below refer to this array.
    var layoutAttributes: [LayoutAttributes] { get }
    /// Called once per frame after the scroll model advanced by `delta` (content coordinates).
    /// `touchLocation` is nil until a finger has touched; `visibleRect` is the viewport in
    /// content coordinates.
    mutating func contentOffsetDidChange(by delta: Vec2, touchLocation: Vec2?, visibleRect: Rect)
    /// Advances the physics by one frame.
    mutating func step(timeStep: Double, substeps: Int)
    /// The attributes of element `index` as drawn now.
    func currentAttributes(at index: Int) -> LayoutAttributes
    /// `currentAttributes(at:)` of every element of `range`, in order, stored from `destination`
    /// on (memory for `range.count` attributes, initialized or not: they are plain data). The
    /// output reads every element every frame, so the dynamics open their arrays once for all
    /// of them instead of once per element, and copy each element once, with no call.
    func storeCurrentAttributes(in range: Range<Int>, to destination: UnsafeMutablePointer<LayoutAttributes>)
    /// The same told compactly, for dynamics that keep their attributes as runs: each element
    /// of `range`'s center and angle as drawn, stored from `destination` on (memory for
    /// `range.count` places), then `body` called with the runs that tell the rest
    /// (`AttributesRuns`: the lifted cell's z-index included); false, storing nothing and not
    /// calling `body`, when the dynamics keep no runs. The output reads 24 bytes an element
    /// from the world and the runs instead of the 80 of its resting attributes, which the step
    /// has pushed out of the cache by then. The runs are lent to `body`, not returned: a
    /// returned copy's two arrays were retained and released for every 64 rows, atomic
    /// operations that cost the JSON Lines output some 4 % of its time.
    func storeCurrentPlaces(
        in range: Range<Int>, to destination: UnsafeMutablePointer<ElementPlace>, then body: (AttributesRuns) -> Void
    ) -> Bool
    /// Elements whose current frame intersects `rect`, ascending.
    func indices(intersecting rect: Rect) -> [Int]
    /// The physics world, for checks and statistics.
    var world: World { get }
    /// Lets the world pause at rest, or not (benchmarks measure every step).
    mutating func setAllowsPause(_ allowed: Bool)
    /// Chooses the world's stepping pipeline (`"solver"` of a scenario).
    mutating func setSolverKind(_ kind: SolverKind)
    /// The threads the world may split its steps across (any count gives the same bits).
    mutating func setWorkers(_ workers: StepWorkers)
    /// A data-source update (`performBatchUpdates`): `layout` is the layout with the new counts,
    /// `result` says where every old cell went. State follows the elements, not the index paths.
    mutating func performUpdate(_ result: BatchUpdateResult, layout: any CollectionLayout, touchLocation: Vec2?, visibleRect: Rect)
    /// A parameter changed during the run (a `set` event).
    mutating func apply(_ change: DynamicsChange)

    // What replays, pictures and metrics ask of the springy list, asked of any dynamics, so no
    // caller needs to know which one it holds. Dynamics without cell springs answer "none"
    // (the defaults below); the loader gives reorder events to springy dynamics only.

    /// Whether cells hang on springs to their layout place (the springy list): what the tuning
    /// metrics measure and what drag to reorder moves.
    var hasCellSprings: Bool { get }
    /// Elements that have springs now, ascending.
    var sprungIndices: [Int] { get }
    /// Where element `index`'s spring is anchored (for the elements of `sprungIndices`); nil
    /// for dynamics without cell springs.
    func springAnchor(of index: Int) -> Vec2?
    /// The body of element `index` while it hangs on a spring.
    func springBody(ofElement index: Int) -> BodyID?
    /// The springs' rest length (pt).
    var springRestLength: Double { get }
    /// Drag to reorder in progress, if any.
    var interactiveMove: InteractiveMove? { get }
    /// A long press lifts the cell at `item`; `finger` is in content coordinates.
    mutating func beginInteractiveMove(item: ItemPath, finger: Vec2, visibleRect: Rect)
    /// The lifting finger moved to `finger` (content coordinates).
    mutating func updateInteractiveMove(finger: Vec2)
    /// The lifted cell is dropped (after the data source moved it) or the move is cancelled.
    mutating func endInteractiveMove()
    /// Cuts the rope of the cell at `path` (the drop-in list): it falls until it is deleted.
    mutating func detach(_ path: ItemPath)
}

extension LayoutDynamics {
    /// One element at a time, for dynamics whose elements are cheap to read one by one.
    public func storeCurrentAttributes(in range: Range<Int>, to destination: UnsafeMutablePointer<LayoutAttributes>) {
        for (offset, i) in range.enumerated() { (destination + offset).initialize(to: currentAttributes(at: i)) }
    }

    public func storeCurrentPlaces(
        in range: Range<Int>, to destination: UnsafeMutablePointer<ElementPlace>, then body: (AttributesRuns) -> Void
    ) -> Bool {
        false
    }

    /// `storeCurrentPlaces(in:to:then:)` with the runs returned (a copy), or nil.
    public func storeCurrentPlaces(in range: Range<Int>, to destination: UnsafeMutablePointer<ElementPlace>) -> AttributesRuns? {
        var runs: AttributesRuns?
        _ = storeCurrentPlaces(in: range, to: destination) { runs = $0 }
        return runs
    }

    /// `currentAttributes(at:)` of every element of `range`, in order, handed to `body` (read a
    /// block at a time with `storeCurrentAttributes`).
    public func forEachCurrentAttributes(in range: Range<Int>, _ body: (LayoutAttributes) -> Void) {
        let block = 64
        withUnsafeTemporaryAllocation(of: LayoutAttributes.self, capacity: block) { scratch in
            var start = range.lowerBound
            while start < range.upperBound {
                let end = min(start + block, range.upperBound)
                storeCurrentAttributes(in: start..<end, to: scratch.baseAddress!)
                for attributes in scratch[0..<end - start] { body(attributes) }
                start = end
            }
        }
    }

    /// Only the springy list has parameters that change during a run; scenarios give `set`
    /// events to springy dynamics only, so the others have nothing to do.
    public mutating func apply(_ change: DynamicsChange) {}

    public var hasCellSprings: Bool { false }
    public var sprungIndices: [Int] { [] }
    public func springAnchor(of index: Int) -> Vec2? { nil }
    public func springBody(ofElement index: Int) -> BodyID? { nil }
    public var springRestLength: Double { 0 }
    public var interactiveMove: InteractiveMove? { nil }
    public mutating func beginInteractiveMove(item: ItemPath, finger: Vec2, visibleRect: Rect) {}
    public mutating func updateInteractiveMove(finger: Vec2) {}
    public mutating func endInteractiveMove() {}
    /// Only the drop-in list has ropes to cut.
    public mutating func detach(_ path: ItemPath) {}
}

/// Attributes straight from the layout (`"dynamics": {"type": "none"}`).
public struct StaticDynamics: LayoutDynamics {
    public private(set) var layoutAttributes: [LayoutAttributes]
    public private(set) var world = World()
    public mutating func setAllowsPause(_ allowed: Bool) { world.allowsPause = allowed }
    public mutating func setSolverKind(_ kind: SolverKind) { world.solverKind = kind }
    public mutating func setWorkers(_ workers: StepWorkers) { world.workers = workers }
    private var index: LayoutIndex

    public init(layout: any CollectionLayout) {
        layoutAttributes = layout.attributes
        index = LayoutIndex(layoutAttributes, axis: layout.scrollDirection)
    }

    public mutating func contentOffsetDidChange(by delta: Vec2, touchLocation: Vec2?, visibleRect: Rect) {}
    public mutating func performUpdate(
        _ result: BatchUpdateResult, layout: any CollectionLayout, touchLocation: Vec2?, visibleRect: Rect
    ) {
        layoutAttributes = layout.attributes
        index = LayoutIndex(layoutAttributes, axis: layout.scrollDirection)
    }
    public mutating func step(timeStep: Double, substeps: Int) {}
    public func currentAttributes(at index: Int) -> LayoutAttributes { layoutAttributes[index] }
    public func indices(intersecting rect: Rect) -> [Int] { index.indices(intersecting: rect) }
}
