/// UIDynamicAnimator for world scenes: owns the physics world and turns UIKit behaviors into
/// bodies, forces, joints, boundaries and collision groups.
///
/// Derived per-item state (gravity, material, collision groups, pushes) is recomputed from the
/// whole behavior list whenever it changes, in declaration-then-addition order, so the result
/// never depends on how a scene got to its current set of behaviors. Joints and boundaries are
/// created when their behavior is added and destroyed when it is removed.
public struct DynamicAnimator: Sendable {
    public private(set) var world = World()
    public let items: [DynamicItem]
    /// Body of each item, by item index.
    public let bodies: [BodyID]
    public let bounds: (origin: Vec2, size: Vec2)
    private var installed: [InstalledBehavior] = []
    /// Collision group (0…63) of each collision behavior slot in `installed`, by behavior.
    private var freeGroups: [Int] = Array((0..<64).reversed())
    /// The identifier of each boundary the animator created (nil for the reference bounds, as
    /// UIKit reports them), in creation order.
    private var boundaryNames: [(id: BoundaryID, name: String?)] = []
    /// Snaps and off-center continuous pushes depend on the items' rotation, so their forces are
    /// recomputed every frame; other forces change only with the behaviors.
    private var forcesFollowRotation = false

    /// A behavior in the animator and what it created in the world.
    struct InstalledBehavior: Sendable {
        var id: String?
        var behavior: Behavior
        var joints: [JointID] = []
        var group: Int?
        /// The attachment length measured when it was first created (kept across `replace`).
        var measuredLength: Double?
    }

    public init(scene: WorldScene) {
        items = scene.items
        bounds = scene.bounds
        var world = World()
        bodies = scene.items.map { item in
            world.createBody(
                BodyDefinition(
                    position: item.center, size: item.size, rotation: Rotation(angle: item.angle), shape: item.shape,
                    linearVelocity: item.velocity, angularVelocity: item.angularVelocity))
        }
        self.world = world
        for (id, behavior) in scene.behaviors { install(behavior, id: id, measuredLength: nil) }
        refreshItems()
        applyInstantaneousPushes()
    }

    // MARK: Changing behaviors

    public mutating func add(_ behavior: Behavior, id: String?) {
        install(behavior, id: id, measuredLength: nil)
        refreshItems()
        applyInstantaneousPushes()
    }

    public mutating func remove(id: String) {
        guard let index = installed.firstIndex(where: { $0.id == id }) else { return }
        uninstall(at: index)
        refreshItems()
    }

    /// Replaces a behavior in place (a `set` on one of its keys), keeping its position in the order.
    public mutating func replace(id: String, with behavior: Behavior) {
        guard let index = installed.firstIndex(where: { $0.id == id }) else { return }
        let measured = installed[index].measuredLength
        let old = installed.remove(at: index)
        release(old)
        installed.insert(makeEntry(behavior, id: id, measuredLength: measured), at: index)
        refreshItems()
        applyInstantaneousPushes()
    }

    private mutating func install(_ behavior: Behavior, id: String?, measuredLength: Double?) {
        installed.append(makeEntry(behavior, id: id, measuredLength: measuredLength))
    }

    private mutating func uninstall(at index: Int) {
        release(installed.remove(at: index))
    }

    /// Creates what the behavior needs in the world (joints, boundaries, a collision group).
    private mutating func makeEntry(_ behavior: Behavior, id: String?, measuredLength: Double?) -> InstalledBehavior {
        var entry = InstalledBehavior(id: id, behavior: behavior, measuredLength: measuredLength)
        switch behavior {
        case .attachment(let a):
            entry.joints = [createAttachment(a, measuredLength: measuredLength)]
            if a.kind == .spring { entry.measuredLength = world.spring(of: entry.joints[0])?.length }
        case .snap(let snap):
            let f = Self.snapFrequency
            entry.joints = [
                world.createDistanceJoint(
                    .anchor(snap.point, to: bodies[snap.item], length: 0, frequency: f, dampingRatio: Self.snapDampingRatio(snap.damping)))
            ]
        case .collision(let c):
            guard let group = freeGroups.popLast() else { break }
            entry.group = group
            for boundary in c.boundaries {
                boundaryNames.append((world.createBoundary(from: boundary.from, to: boundary.to, group: group), boundary.id))
            }
            if c.boundsAsBoundary {
                let x0 = bounds.origin.x + c.insets.left
                let y0 = bounds.origin.y + c.insets.top
                let x1 = bounds.origin.x + bounds.size.x - c.insets.right
                let y1 = bounds.origin.y + bounds.size.y - c.insets.bottom
                let corners = [Vec2(x0, y0), Vec2(x1, y0), Vec2(x1, y1), Vec2(x0, y1)]
                for k in 0..<4 {
                    boundaryNames.append((world.createBoundary(from: corners[k], to: corners[(k + 1) % 4], group: group), nil))
                }
            }
        case .gravity, .itemProperties, .push:
            break
        }
        return entry
    }

    /// The joint for each attachment kind: spring or rod (distance joint), rope (limit), weld
    /// (fixed), revolute (pin) and prismatic (sliding). Body B is the attached item; A is the
    /// other item, or the world when the attachment is to an anchor point.
    private mutating func createAttachment(_ a: AttachmentBehavior, measuredLength: Double?) -> JointID {
        let other = a.toItem.map { bodies[$0] }
        let item = bodies[a.item]
        switch a.kind {
        case .spring:
            return world.createDistanceJoint(
                DistanceJointDefinition(
                    bodyA: other, localAnchorA: a.toItem == nil ? a.anchor : a.toOffset, bodyB: item,
                    localAnchorB: a.offset, length: a.length ?? measuredLength, frequency: a.frequency,
                    dampingRatio: a.damping))
        case .limit:
            return world.createLimitJoint(
                LimitJointDefinition(
                    bodyA: other, localAnchorA: a.toItem == nil ? a.anchor : a.toOffset, bodyB: item,
                    localAnchorB: a.offset, maxLength: a.length))
        case .fixed:
            return world.createWeldJoint(WeldJointDefinition(bodyA: other, bodyB: item, anchor: a.anchor))
        case .pin:
            return world.createRevoluteJoint(
                RevoluteJointDefinition(bodyA: other, bodyB: item, anchor: a.anchor, angleRange: a.range, frictionTorque: a.frictionTorque))
        case .sliding:
            return world.createPrismaticJoint(
                PrismaticJointDefinition(bodyA: other, bodyB: item, anchor: a.anchor, axis: a.axis, translationRange: a.range))
        }
    }

    private mutating func release(_ entry: InstalledBehavior) {
        for joint in entry.joints { world.destroyJoint(joint) }
        if let group = entry.group {
            world.destroyBoundaries(inGroup: group)
            freeGroups.append(group)
        }
    }

    /// UIKit applies an active instantaneous push once, then turns it inactive. Runs after the
    /// items' masses are up to date, so a push and a density set together act as one change.
    private mutating func applyInstantaneousPushes() {
        for k in installed.indices {
            guard case .push(var push) = installed[k].behavior, push.mode == .instantaneous, push.active else { continue }
            for item in push.items {
                let body = bodies[item]
                let offset = world.rotation(of: body).rotate(push.offset)
                world.applyImpulse(PushBehavior.pointsPerSecondSquaredPerNewton * push.vector, at: offset, to: body)
            }
            push.active = false
            installed[k].behavior = .push(push)
        }
    }

    // MARK: Per-item state

    /// Recomputes every item's gravity, material, collision groups and whether it is in the
    /// animator at all (an item no behavior holds does not move, as in UIKit).
    private mutating func refreshItems() {
        var gravity = Array(repeating: Vec2.zero, count: items.count)
        var definitions = items.indices.map { world.definition(of: bodies[$0]) }
        var held = Array(repeating: false, count: items.count)
        var itemGroups = Array(repeating: UInt64(0), count: items.count)
        var boundaryGroups = Array(repeating: UInt64(0), count: items.count)
        var anchoredByBehavior = Array(repeating: false, count: items.count)
        // Item behaviors start from UIKit's defaults each time and apply in order.
        for i in items.indices {
            definitions[i].elasticity = 0
            definitions[i].friction = 0
            definitions[i].density = 1
            definitions[i].linearResistance = 0
            definitions[i].angularResistance = 0
            definitions[i].allowsRotation = true
        }
        for entry in installed {
            switch entry.behavior {
            case .gravity(let g):
                for i in g.items {
                    gravity[i] += GravityBehavior.pointsPerSecondSquared * g.vector
                    held[i] = true
                }
            case .itemProperties(let p):
                for i in p.items {
                    held[i] = true
                    if let v = p.elasticity { definitions[i].elasticity = v }
                    if let v = p.friction { definitions[i].friction = v }
                    if let v = p.density { definitions[i].density = v }
                    if let v = p.resistance { definitions[i].linearResistance = v }
                    if let v = p.angularResistance { definitions[i].angularResistance = v }
                    if let v = p.allowsRotation { definitions[i].allowsRotation = v }
                    if let v = p.anchored { anchoredByBehavior[i] = v }
                }
            case .collision(let c):
                guard let group = entry.group else { continue }
                let bit = UInt64(1) << UInt64(group)
                for i in c.items {
                    held[i] = true
                    if c.mode.includesItems { itemGroups[i] |= bit }
                    if c.mode.includesBoundaries { boundaryGroups[i] |= bit }
                }
            case .attachment(let a):
                held[a.item] = true
                if let other = a.toItem { held[other] = true }
            case .push(let p):
                for i in p.items { held[i] = true }
            case .snap(let s):
                held[s.item] = true
            }
        }
        for i in items.indices {
            let body = bodies[i]
            definitions[i].isAnchored = anchoredByBehavior[i] || !held[i]
            if definitions[i] != world.definition(of: body) {
                let definition = definitions[i]
                world.updateDefinition(of: body) { $0 = definition }
            }
            world.setAcceleration(gravity[i], of: body)
            world.setCollisionGroups(items: itemGroups[i], boundaries: boundaryGroups[i], of: body)
        }
        updateForces()
    }

    /// Continuous pushes (their offset turns with the item) and the snaps' upright torque.
    private mutating func updateForces() {
        forcesFollowRotation = installed.contains { entry in
            if case .snap = entry.behavior { return true }
            if case .push(let p) = entry.behavior { return p.mode == .continuous && p.active && p.offset != .zero }
            return false
        }
        var force = Array(repeating: Vec2.zero, count: items.count)
        var torque = Array(repeating: 0.0, count: items.count)
        for entry in installed {
            switch entry.behavior {
            case .push(let push) where push.mode == .continuous && push.active:
                for i in push.items {
                    // One UIKit Newton gives one unit of UIKit mass 100 pt/s².
                    let f = PushBehavior.pointsPerSecondSquaredPerNewton * push.vector
                    force[i] += f
                    torque[i] += world.rotation(of: bodies[i]).rotate(push.offset).cross(f)
                }
            case .snap(let snap):
                torque[snap.item] += uprightTorque(snap)
            default:
                break
            }
        }
        for i in items.indices { world.setForce(force[i], torque: torque[i], of: bodies[i]) }
    }

    // MARK: Stepping

    /// Lets the world pause at rest, or not (benchmarks measure every step).
    public mutating func setAllowsPause(_ allowed: Bool) { world.allowsPause = allowed }

    /// The threads the world may split its steps across (any count gives the same bits).
    public mutating func setWorkers(_ workers: StepWorkers) { world.workers = workers }

    /// Chooses the world's stepping pipeline: `.uikit` runs Box2D 2.3 at one step per frame.
    public mutating func setSolverKind(_ kind: SolverKind) { world.solverKind = kind }

    public mutating func step(timeStep: Double, substeps: Int) {
        if forcesFollowRotation { updateForces() }
        world.step(timeStep: timeStep, substeps: substeps)
    }

    // MARK: Snap

    /// UISnapBehavior's spring: 3 Hz, with a damping ratio from 0.25 (damping 0, several
    /// visible oscillations) to 1 (damping 1, critically damped); UIKit's default 0.5 gives 0.625.
    public static let snapFrequency = 3.0
    public static func snapDampingRatio(_ damping: Double) -> Double { 0.25 + 0.75 * damping }

    /// The torque that turns a snapped item upright: a torsional spring of the snap's frequency
    /// and damping ratio, evaluated once per frame (explicitly; stable at 3 Hz for any frame rate
    /// above 12 Hz).
    private func uprightTorque(_ snap: SnapBehavior) -> Double {
        let body = bodies[snap.item]
        let definition = world.definition(of: body)
        guard definition.allowsRotation, !definition.isAnchored else { return 0 }
        let omega = 2 * DeterministicMath.pi * Self.snapFrequency
        let zeta = Self.snapDampingRatio(snap.damping)
        let angle = world.rotation(of: body).angle
        return -definition.inertia * (omega * omega * angle + 2 * zeta * omega * world.angularVelocity(of: body))
    }

    // MARK: Reading

    public var behaviorIDs: [String?] { installed.map(\.id) }

    /// A boundary's identifier; nil for the reference bounds (UIKit passes nil for those).
    public func boundaryName(_ id: BoundaryID) -> String? {
        boundaryNames.first { $0.id == id }?.name ?? nil
    }

    /// The index of the item a body stands for.
    public func item(of body: BodyID) -> Int? { bodies.firstIndex(of: body) }
}
