/// The drop-in list: a plain layout whose content is the viewport, where every item is a body
/// under gravity (1000 pt/s²) colliding with the others. An inserted item appears with its frame
/// origin at `entry` and hangs on a rope (a spring attachment of `ropeLength`, `ropeDamping`,
/// `ropeFrequency`) from `anchor`, so it swings in like a pendulum; `detach` cuts the rope and
/// the item falls (still colliding) until the data source deletes it.
///
/// Mirrors ASHNewtonianCollectionViewLayout: bodies exist only for items inserted while the
/// list runs, and items that leave the viewport stay in the simulation until they are removed.
public struct GravityDynamics: LayoutDynamics {
    public let configuration: GravityConfiguration
    public let viewport: Size
    public private(set) var layoutAttributes: [LayoutAttributes] = []
    public private(set) var world = World()
    /// Per element: its body and its rope (nil once detached).
    private var bodies: [BodyID] = []
    private var ropes: [JointID?] = []

    /// Every item collides with every other (one item group) and, with `boundaries`, with the viewport's edges.
    private static let itemGroup: UInt64 = 1

    /// Starts with `sections` of no items (items arrive by inserts).
    public init(sections: Int, viewport: Size, configuration: GravityConfiguration) {
        self.configuration = configuration
        self.viewport = viewport
        if configuration.boundaries {
            let corners = [Vec2(0, 0), Vec2(viewport.width, 0), Vec2(viewport.width, viewport.height), Vec2(0, viewport.height)]
            for k in 0..<4 { world.createBoundary(from: corners[k], to: corners[(k + 1) % 4], group: 0) }
        }
        _ = sections
    }

    /// The frame an inserted item starts with.
    public var entryFrame: Rect {
        let origin = configuration.entry(in: viewport)
        return Rect(x: origin.x, y: origin.y, width: configuration.itemSize, height: configuration.itemSize)
    }

    public mutating func contentOffsetDidChange(by delta: Vec2, touchLocation: Vec2?, visibleRect: Rect) {}

    public mutating func setAllowsPause(_ allowed: Bool) { world.allowsPause = allowed }
    public mutating func setSolverKind(_ kind: SolverKind) { world.solverKind = kind }

    public mutating func step(timeStep: Double, substeps: Int) {
        world.step(timeStep: timeStep, substeps: substeps)
    }

    public mutating func performUpdate(
        _ result: BatchUpdateResult, layout: any CollectionLayout, touchLocation: Vec2?, visibleRect: Rect
    ) {
        var newAttributes: [LayoutAttributes] = []
        var newBodies: [BodyID] = []
        var newRopes: [JointID?] = []
        var survivors = [Bool](repeating: false, count: bodies.count)
        for (section, origins) in result.oldIndexOfNew.enumerated() {
            for (item, origin) in origins.enumerated() {
                let key = ElementKey.cell(section, item)
                if let origin, let i = layoutAttributes.index(of: origin.cellKey) {
                    survivors[i] = true
                    newAttributes.append(LayoutAttributes(key: key, frame: layoutAttributes[i].frame))
                    newBodies.append(bodies[i])
                    newRopes.append(ropes[i])
                } else {
                    let (body, rope) = makeItem()
                    newAttributes.append(LayoutAttributes(key: key, frame: entryFrame))
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
    private mutating func makeItem() -> (BodyID, JointID) {
        let frame = entryFrame
        let body = world.createBody(BodyDefinition(
            position: frame.center, size: Vec2(frame.size.width, frame.size.height)))
        world.setAcceleration(GravityConfiguration.gravity, of: body)
        world.setCollisionGroups(items: Self.itemGroup, boundaries: configuration.boundaries ? 1 : 0, of: body)
        let rope = world.createDistanceJoint(.anchor(
            configuration.anchor(in: viewport), to: body, length: configuration.ropeLength,
            frequency: configuration.ropeFrequency, dampingRatio: configuration.ropeDamping))
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

    public func indices(intersecting rect: Rect) -> [Int] {
        layoutAttributes.indices.filter { i in
            // The bounding box of the turned square.
            let rotation = world.rotation(of: bodies[i])
            let size = layoutAttributes[i].frame.size
            let half = Vec2(
                (abs(rotation.c) * size.width + abs(rotation.s) * size.height) / 2,
                (abs(rotation.s) * size.width + abs(rotation.c) * size.height) / 2)
            let box = Rect(center: world.position(of: bodies[i]), size: Size(width: 2 * half.x, height: 2 * half.y))
            return box.intersects(rect)
        }
    }
}
