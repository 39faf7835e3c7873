import TetherPhysics

/// The drop-in list: a plain layout whose content is the viewport, where every item is a body
/// under gravity (1000 pt/s²) colliding with the others. An inserted item appears with its frame
/// origin at `entry` and hangs on a rope (a spring attachment of `ropeLength`, `ropeDampingRatio`,
/// `ropeFrequency`) from `anchor`, so it swings in like a pendulum; `detach` cuts the rope and
/// the item falls (still colliding) until the data source deletes it.
///
/// Mirrors ASHNewtonianCollectionViewLayout: bodies exist only for items inserted while the
/// list runs, and items that leave the viewport stay in the simulation until they are removed.
///
/// With `sizesFromLayout` (custom layouts) an inserted item takes its size, zIndex and alpha from
/// its cell in the layout given with the update, instead of the square `itemSize`.
public struct GravityDynamics: LayoutDynamics {
    public let configuration: GravityConfiguration
    public let viewport: Size
    public let sizesFromLayout: Bool
    public private(set) var layoutAttributes: [LayoutAttributes] = []
    public private(set) var world = World()
    /// Per element: its body and its rope (nil once detached).
    private var bodies: [BodyID] = []
    private var ropes: [JointID?] = []

    /// Every item collides with every other (one item group) and, with `boundaries`, with the viewport's edges.
    private static let itemGroup: UInt64 = 1

    /// Starts with `sections` of no items (items arrive by inserts).
    public init(sections: Int, viewport: Size, configuration: GravityConfiguration, sizesFromLayout: Bool = false) {
        self.configuration = configuration
        self.viewport = viewport
        self.sizesFromLayout = sizesFromLayout
        if configuration.boundaries {
            let corners = [Vec2(0, 0), Vec2(viewport.width, 0), Vec2(viewport.width, viewport.height), Vec2(0, viewport.height)]
            for k in 0..<4 { world.createBoundary(from: corners[k], to: corners[(k + 1) % 4], group: 0) }
        }
        _ = sections
    }

    /// The frame an inserted item starts with: `itemSize` square at the entry point.
    public var entryFrame: Rect {
        entryFrame(size: Size(width: configuration.itemSize, height: configuration.itemSize))
    }

    /// The frame an inserted item of `size` starts with.
    public func entryFrame(size: Size) -> Rect {
        Rect(origin: configuration.entry(in: viewport, itemWidth: size.width), size: size)
    }

    public mutating func contentOffsetDidChange(by delta: Vec2, touchLocation: Vec2?, visibleRect: Rect) {}

    public mutating func setAllowsPause(_ allowed: Bool) { world.allowsPause = allowed }
    public mutating func setSolverKind(_ kind: SolverKind) { world.solverKind = kind }
    public mutating func setWorkers(_ workers: StepWorkers) { world.workers = workers }

    public mutating func step(timeStep: Double, substeps: Int) {
        world.step(timeStep: timeStep, substeps: substeps)
    }

    public mutating func performUpdate(
        _ result: BatchUpdateResult, layout: any CollectionLayout, touchLocation: Vec2?, visibleRect: Rect
    ) {
        let given = sizesFromLayout ? layout.attributes : []
        var newAttributes: [LayoutAttributes] = []
        var newBodies: [BodyID] = []
        var newRopes: [JointID?] = []
        var survivors = [Bool](repeating: false, count: bodies.count)
        for (section, origins) in result.oldIndexOfNew.enumerated() {
            for (item, origin) in origins.enumerated() {
                let key = ElementKey.cell(section, item)
                if let origin, let i = layoutAttributes.index(of: origin.cellKey) {
                    survivors[i] = true
                    var attributes = layoutAttributes[i]
                    attributes.key = key
                    newAttributes.append(attributes)
                    newBodies.append(bodies[i])
                    newRopes.append(ropes[i])
                } else {
                    var attributes = LayoutAttributes(key: key, frame: entryFrame)
                    if let j = given.index(of: key) {
                        attributes = given[j]
                        attributes.frame = entryFrame(size: given[j].frame.size)
                        attributes.angle = 0
                    }
                    let (body, rope) = makeItem(frame: attributes.frame)
                    newAttributes.append(attributes)
                    newBodies.append(body)
                    newRopes.append(rope)
                }
            }
        }
        for i in bodies.indices where !survivors[i] { world.destroyBody(bodies[i]) }
        layoutAttributes = newAttributes
        bodies = newBodies
        ropes = newRopes
    }

    /// The demo's insert: a body at the entry frame, a rope to the anchor, gravity and collisions.
    private mutating func makeItem(frame: Rect) -> (BodyID, JointID) {
        let body = world.createBody(BodyDefinition(
            position: frame.center, size: Vec2(frame.size.width, frame.size.height)))
        world.setAcceleration(GravityConfiguration.gravity, of: body)
        world.setCollisionGroups(items: Self.itemGroup, boundaries: configuration.boundaries ? 1 : 0, of: body)
        let rope = world.createDistanceJoint(.anchor(
            configuration.anchor(in: viewport), to: body, length: configuration.ropeLength,
            frequency: configuration.ropeFrequency, dampingRatio: configuration.ropeDampingRatio))
        return (body, rope)
    }

    /// Cuts the rope of the cell at `path`: it falls, still colliding, until it is deleted.
    public mutating func detach(_ path: ItemPath) {
        guard let i = layoutAttributes.index(of: path.cellKey), let rope = ropes[i] else { return }
        world.destroyJoint(rope)
        ropes[i] = nil
    }

    /// The body of element `i`.
    public func body(ofElement i: Int) -> BodyID { bodies[i] }

    /// The rope of element `i`, nil once detached.
    public func rope(ofElement i: Int) -> JointID? { ropes[i] }

    public func currentAttributes(at i: Int) -> LayoutAttributes {
        var attributes = layoutAttributes[i]
        attributes.center = world.position(of: bodies[i])
        attributes.angle = world.rotation(of: bodies[i]).angle
        return attributes
    }

    /// `currentAttributes(at:)` for a run of elements, the element arrays opened once.
    public func storeCurrentAttributes(in range: Range<Int>, to destination: UnsafeMutablePointer<LayoutAttributes>) {
        world.withPlacements { placements in
            layoutAttributes.withUnsafeBufferPointer { attributes in
                bodies.withUnsafeBufferPointer { bodies in
                    precondition(range.lowerBound >= 0 && range.upperBound <= min(attributes.count, bodies.count))
                    var next = destination
                    for i in range {
                        var element = attributes[i]
                        let placement = placements[bodies[i]]
                        element.center = placement.position
                        element.angle = placement.rotation.angle
                        next.initialize(to: element)
                        next += 1
                    }
                }
            }
        }
    }

    public func indices(intersecting rect: Rect) -> [Int] {
        layoutAttributes.indices.filter { i in
            let box = Rect(
                boundingCenter: world.position(of: bodies[i]), size: layoutAttributes[i].frame.size,
                rotation: world.rotation(of: bodies[i]))
            return box.intersects(rect)
        }
    }
}
