import TetherPhysics

/// The springy list: every cell near the viewport hangs on a spring anchored at its layout
/// center; scrolling pushes each cell along by `Δ·min(d/resistance, 1)`, so cells far from the
/// finger lag behind the content and spring back (the iOS 7 Messages bounce).
///
/// Follows ASHSpringyCollectionViewFlowLayout: on a content-offset change the sprung cells are
/// shifted (anchors stay), then springs are tiled to the padded visible rect: cells leaving it
/// lose their spring and return to their layout attributes; cells entering get a spring at their
/// layout center and, once a finger has touched, the same shift from the latest delta.
public struct SpringyDynamics: LayoutDynamics {
    public internal(set) var layoutAttributes: [LayoutAttributes] { didSet { drawnRuns = Self.drawnRuns(layoutAttributes, lifted: liftedElement) } }
    /// The attributes as drawn but for their places (the lifted cell's z-index raised), as runs
    /// for the output (`storeCurrentPlaces`); kept with `layoutAttributes` and `liftedElement`.
    private(set) var drawnRuns: AttributesRuns
    public let axis: Axis
    public private(set) var configuration: SpringyConfiguration
    public internal(set) var world = World()

    var index: LayoutIndex
    /// Indexes of the elements that may have springs (cells), ascending.
    var cellIndices: [Int]
    /// Per element: its body and spring while it has one.
    var bodies: [BodyID?]
    var springs: [JointID?]
    /// Elements that have springs now, ascending.
    public internal(set) var sprungIndices: [Int] = []
    /// The most recent non-zero scroll-axis delta (ASH's `latestDelta`).
    private var latestDelta = 0.0
    /// Drag to reorder in progress: the lifted cell and where the others' springs are anchored.
    public internal(set) var interactiveMove: InteractiveMove?
    /// Element index of the lifted cell while a move is in progress.
    var liftedElement: Int? { didSet { drawnRuns = Self.drawnRuns(layoutAttributes, lifted: liftedElement) } }
    /// Per element: the anchor while a reorder preview moves it off its layout center.
    var previewAnchors: [Vec2?] = []

    public init(layout: any CollectionLayout, configuration: SpringyConfiguration) {
        let attributes = layout.attributes
        layoutAttributes = attributes
        drawnRuns = AttributesRuns(attributes)
        axis = layout.scrollDirection
        self.configuration = configuration
        index = LayoutIndex(attributes, axis: axis)
        cellIndices = attributes.indices.filter { attributes[$0].key.kind == .cell }
        bodies = Array(repeating: nil, count: attributes.count)
        springs = Array(repeating: nil, count: attributes.count)
        previewAnchors = Array(repeating: nil, count: attributes.count)
    }

    /// Where element `i`'s spring is anchored: its layout center, or its place in a reorder preview.
    public func anchor(of i: Int) -> Vec2 { previewAnchors[i] ?? layoutAttributes[i].center }

    public var hasCellSprings: Bool { true }

    public func springAnchor(of index: Int) -> Vec2? { anchor(of: index) }

    public func springBody(ofElement index: Int) -> BodyID? { body(ofElement: index) }

    public var springRestLength: Double { configuration.length }

    // MARK: Scrolling

    public mutating func contentOffsetDidChange(by delta: Vec2, touchLocation: Vec2?, visibleRect: Rect) {
        let d = delta[axis]
        if d != 0 {
            latestDelta = d
            // UIKit's pan recognizer reports (0, 0) before any touch.
            let touch = touchLocation ?? .zero
            world.translate(shifts(by: d, touch: touch))
        }
        tile(visibleRect: visibleRect, touchLocation: touchLocation)
    }

    /// Every sprung element's body (but the lifted one's) and how far it moves, in element order.
    /// Runs every frame the content scrolls, over every sprung cell, so the arrays are opened
    /// once here instead of per cell, the moves are written straight into their array, and the
    /// configuration is read once (read through `self` in the loop, it was read again per cell).
    /// The anchors are the resting centers, read from the runs' 16 bytes an element rather than
    /// the attributes' 80 (which the output no longer reads, so they are seldom in the cache).
    private func shifts(by delta: Double, touch: Vec2) -> [(body: BodyID, offset: Vec2)] {
        let lifted = liftedElement ?? -1
        let (measure, resistance, axis) = (configuration.distance, configuration.resistance, self.axis)
        return bodies.withUnsafeBufferPointer { bodies in
            previewAnchors.withUnsafeBufferPointer { previews in
                drawnRuns.centers.withUnsafeBufferPointer { centers in
                    sprungIndices.withUnsafeBufferPointer { sprung in
                        Array(unsafeUninitializedCapacity: sprung.count) { moves, count in
                            var written = 0
                            for i in sprung where i != lifted {
                                guard let body = bodies[i] else { continue }
                                let anchor = previews[i] ?? centers[i]
                                let offset = Self.shiftOffset(
                                    anchor: anchor, by: delta, touch: touch, measure: measure, resistance: resistance, axis: axis)
                                (moves.baseAddress! + written).initialize(to: (body, offset))
                                written &+= 1
                            }
                            count = written
                        }
                    }
                }
            }
        }
    }

    /// How far a sprung element moves along the scroll axis, `delta·min(distance/resistance, 1)`,
    /// and its body (nil for an element without one).
    private func shift(_ i: Int, by delta: Double, touch: Vec2) -> (body: BodyID, offset: Vec2)? {
        guard let body = bodies[i] else { return nil }
        let offset = Self.shiftOffset(
            anchor: anchor(of: i), by: delta, touch: touch, measure: configuration.distance,
            resistance: configuration.resistance, axis: axis)
        return (body, offset)
    }

    /// The move of a cell anchored at `anchor`: `delta·min(distance/resistance, 1)` along the
    /// scroll axis, the distance to the touch measured as `measure` says.
    @inline(__always)
    private static func shiftOffset(
        anchor: Vec2, by delta: Double, touch: Vec2, measure: TouchDistance, resistance: Double, axis: Axis
    ) -> Vec2 {
        let distance: Double
        switch measure {
        case .manhattan: distance = abs(touch.x - anchor.x) + abs(touch.y - anchor.y)
        case .axis: distance = abs(touch[axis] - anchor[axis])
        }
        let share = min(distance / resistance, 1)
        var offset = Vec2(0, 0)
        offset[axis] = delta * share
        return offset
    }

    /// Gives springs to the cells in the padded visible rect and takes them from the others.
    private mutating func tile(visibleRect: Rect, touchLocation: Vec2?) {
        var wanted: [Int]
        if let padding = configuration.tilePadding {
            wanted = index.indices(intersecting: visibleRect.outset(by: padding))
                .filter { layoutAttributes[$0].key.kind == .cell }
        } else {
            wanted = cellIndices
        }
        if let lifted = liftedElement, !wanted.contains(lifted) {
            wanted = (wanted + [lifted]).sorted()
        }
        if wanted == sprungIndices { return }
        // Both lists are ascending: merge them to find leavers and newcomers in a fixed order.
        var (i, j) = (0, 0)
        while i < sprungIndices.count || j < wanted.count {
            if j == wanted.count || (i < sprungIndices.count && sprungIndices[i] < wanted[j]) {
                removeSpring(sprungIndices[i])
                i += 1
            } else if i == sprungIndices.count || wanted[j] < sprungIndices[i] {
                addSpring(wanted[j], touchLocation: touchLocation)
                j += 1
            } else {
                i += 1
                j += 1
            }
        }
        sprungIndices = wanted
    }

    private mutating func addSpring(_ i: Int, touchLocation: Vec2?) {
        let attributes = layoutAttributes[i]
        let anchor = anchor(of: i)
        let size = Vec2(attributes.frame.size.width, attributes.frame.size.height)
        let body = world.createBody(BodyDefinition(position: anchor, size: size))
        springs[i] = world.createDistanceJoint(
            .anchor(anchor, to: body, length: configuration.length,
                    frequency: configuration.frequency, dampingRatio: configuration.dampingRatio))
        bodies[i] = body
        if let touch = touchLocation, let move = shift(i, by: latestDelta, touch: touch) {
            world.translate(move.body, by: move.offset)
        }
    }

    /// A body at element `i`'s layout center, at rest, on its spring (no scroll shift).
    mutating func attachSpring(_ i: Int) {
        guard bodies[i] == nil else { return }
        addSpring(i, touchLocation: nil)
    }

    /// Recomputes `sprungIndices` from the bodies (ascending).
    mutating func refreshSprungIndices() {
        sprungIndices = bodies.indices.filter { bodies[$0] != nil }
    }

    /// Cells whose layout frame intersects `rect`, ascending.
    func indices(ofCellsIn rect: Rect) -> [Int] {
        index.indices(intersecting: rect).filter { layoutAttributes[$0].key.kind == .cell }
    }

    /// Installs a new layout with the bodies and springs already moved to the new element indexes.
    mutating func replaceLayout(with attributes: [LayoutAttributes], bodies: [BodyID?], springs: [JointID?], axis: Axis) {
        layoutAttributes = attributes
        index = LayoutIndex(attributes, axis: axis)
        cellIndices = attributes.indices.filter { attributes[$0].key.kind == .cell }
        self.bodies = bodies
        self.springs = springs
        previewAnchors = Array(repeating: nil, count: attributes.count)
    }

    private mutating func removeSpring(_ i: Int) {
        if let body = bodies[i] { world.destroyBody(body) }
        bodies[i] = nil
        springs[i] = nil
    }

    // MARK: Stepping

    public mutating func setAllowsPause(_ allowed: Bool) { world.allowsPause = allowed }
    public mutating func setSolverKind(_ kind: SolverKind) { world.solverKind = kind }
    public mutating func setWorkers(_ workers: StepWorkers) { world.workers = workers }

    public mutating func step(timeStep: Double, substeps: Int) {
        if let nearRest = configuration.nearRestDamping { applyNearRestDamping(nearRest) }
        world.step(timeStep: timeStep, substeps: substeps)
    }

    /// THSpringy's action block: a much stiffer damping ratio once an item is nearly home.
    private mutating func applyNearRestDamping(_ nearRest: NearRestDamping) {
        for i in sprungIndices {
            guard let body = bodies[i], let spring = springs[i] else { continue }
            if i == liftedElement { continue }
            let offset = abs(world.position(of: body)[axis] - anchor(of: i)[axis])
            let dampingRatio = offset <= nearRest.within ? nearRest.dampingRatio : configuration.dampingRatio
            world.setSpring(of: spring, dampingRatio: dampingRatio)
        }
    }

    /// A `set` event: the configuration takes the change, and every spring but a lifted cell's
    /// takes the configuration's spring (near-rest damping applies again at the next step);
    /// resistance, distance and tiling act from the next content-offset change.
    public mutating func apply(_ change: DynamicsChange) {
        configuration.apply(change)
        for i in sprungIndices where i != liftedElement {
            guard let spring = springs[i] else { continue }
            world.setSpring(
                of: spring, frequency: configuration.frequency, dampingRatio: configuration.dampingRatio,
                length: configuration.length)
        }
    }

    // MARK: Reading

    /// A sprung cell's body starts upright and its turn adds to the layout's angle (a spring at
    /// the center exerts no torque, so a turned element of a custom layout keeps its angle).
    public func currentAttributes(at i: Int) -> LayoutAttributes {
        var attributes = layoutAttributes[i]
        if let body = bodies[i] {
            attributes.center = world.position(of: body)
            attributes.angle += world.rotation(of: body).angle
        }
        if i == liftedElement { attributes.zIndex = InteractiveMove.liftedZIndex }
        return attributes
    }

    /// `currentAttributes(at:)` for a run of elements, the element arrays opened once: the
    /// resting attributes in one copy, then the sprung elements' places and turns over them
    /// (copying each element on its own, field by field through registers, took twice as many
    /// instructions).
    public func storeCurrentAttributes(in range: Range<Int>, to destination: UnsafeMutablePointer<LayoutAttributes>) {
        guard !range.isEmpty else { return }
        world.withPlacements { placements in
            layoutAttributes.withUnsafeBufferPointer { attributes in
                bodies.withUnsafeBufferPointer { bodies in
                    precondition(range.lowerBound >= 0 && range.upperBound <= min(attributes.count, bodies.count))
                    destination.initialize(from: attributes.baseAddress! + range.lowerBound, count: range.count)
                    let first = range.lowerBound
                    for i in range {
                        guard let id = bodies[i] else { continue }
                        let placement = placements[id]
                        let element = destination + (i - first)
                        element.pointee.center = placement.position
                        element.pointee.angle += placement.rotation.angle
                    }
                }
            }
        }
        if let lifted = liftedElement, range.contains(lifted) {
            destination[lifted - range.lowerBound].zIndex = InteractiveMove.liftedZIndex
        }
    }

    public func storeCurrentPlaces(
        in range: Range<Int>, to destination: UnsafeMutablePointer<ElementPlace>, then body: (AttributesRuns) -> Void
    ) -> Bool {
        defer { body(drawnRuns) }
        guard !range.isEmpty else { return true }
        drawnRuns.centers.withUnsafeBufferPointer { centers in
            world.withPlacements { placements in
                bodies.withUnsafeBufferPointer { bodies in
                    precondition(range.lowerBound >= 0 && range.upperBound <= min(centers.count, bodies.count))
                    var next = destination
                    drawnRuns.forEachRun(overlapping: range) { run, elements in
                        let size = run.first.frame.size
                        let angle = run.first.angle
                        for i in elements {
                            if let id = bodies[i] {
                                // As `storeCurrentAttributes` draws it: the frame moved to the
                                // body's position, and its center read back.
                                let placement = placements[id]
                                let center = Rect(center: placement.position, size: size).center
                                next.initialize(to: ElementPlace(center: center, angle: angle + placement.rotation.angle))
                            } else {
                                next.initialize(to: ElementPlace(center: centers[i], angle: angle))
                            }
                            next += 1
                        }
                    }
                }
            }
        }
        return true
    }

    /// `attributes` as drawn but for their places, as runs: the lifted cell raised.
    private static func drawnRuns(_ attributes: [LayoutAttributes], lifted: Int?) -> AttributesRuns {
        guard let lifted, attributes.indices.contains(lifted) else { return AttributesRuns(attributes) }
        var drawn = attributes
        drawn[lifted].zIndex = InteractiveMove.liftedZIndex
        return AttributesRuns(drawn)
    }

    /// The body of element `i` while it has a spring.
    public func body(ofElement i: Int) -> BodyID? { bodies[i] }

    /// The spring of element `i` while it has one.
    public func spring(ofElement i: Int) -> JointID? { springs[i] }

    public func indices(intersecting rect: Rect) -> [Int] {
        // Sprung cells may be displaced from their layout frames: widen the query by the
        // largest displacement, then test the current frames.
        var margin = 0.0
        for i in sprungIndices {
            guard let body = bodies[i] else { continue }
            let d = world.position(of: body) - layoutAttributes[i].center
            margin = max(margin, max(abs(d.x), abs(d.y)))
        }
        let candidates = index.indices(intersecting: margin > 0 ? rect.outset(by: margin) : rect)
        if margin == 0 { return candidates }
        return candidates.filter { currentAttributes(at: $0).boundingBox.intersects(rect) }
    }
}
