/// A 2-D rigid-body world in the style of UIKit Dynamics, stepped at a fixed rate.
///
/// State lives in arrays in a defined order (creation order, with removals filling the gap from
/// the end), so the same calls always give the same bits. Slot 0 of the body arrays is the
/// immovable ground that anchored joints attach to, which keeps the solver free of branches.
public struct World: Sendable {
    // Dense body storage; slot 0 is the ground.
    @usableFromInline var states: [BodyState] = [.ground] {
        didSet { (bodiesAreKnownFinite, bodiesAreKnownLaneReady) = (false, false) }
    }
    /// Whether the last step found every body's position, velocity, rotation and angular
    /// velocity finite on its way (the step of independent bodies does), so that
    /// `firstNonFiniteBody` need not read them again; any access that may change `states`
    /// clears it.
    var bodiesAreKnownFinite = false
    /// Whether the last step ran every body through the point-spring lanes
    /// (`Solver/PointSpringLanes.swift`) and nothing has changed `states` since but moves
    /// (`translate`): then no body turns and every smooth velocity change, linear and angular,
    /// is +0, as the lanes left them, so the next step's lanes neither check, read nor clear
    /// them.
    var bodiesAreKnownLaneReady = false

    /// The bodies' states, taken out of the world until the caller puts them back: a stage that
    /// works on them beside other parts of the world cannot open `states` itself, whose
    /// observer makes any access to it an access to the whole world.
    mutating func takeStates() -> [BodyState] {
        defer { states = [] }
        return states
    }
    @usableFromInline var properties: [BodyProperties] = [.ground]
    /// Body id → slot in the dense arrays, or −1 for a free id.
    @usableFromInline var bodySlots: [Int32] = []
    var freeBodyIDs: [Int32] = []

    /// Every joint, one dense column per kind (`Joints/JointStore.swift`).
    var joints = JointStore()
    /// Collision boundaries (fixed segments) and the contacts found for the current step.
    var boundaries: [BoundarySegment] = []
    var nextBoundaryID: Int32 = 0
    var contacts: [Contact] = []
    /// Contact discovery's working storage (capacity and the broadphase's sort order only).
    var discovery = ContactDiscovery()
    /// The solver's rows for the contacts of the current step, arranged for solving.
    var contactPlan = ContactSolvePlan()
    /// UIKit's contact callbacks of the last step, in contact-key order.
    public internal(set) var contactEvents: [ContactEvent] = []
    /// The UIKit clock's contacts (Box2D 2.3's pipeline, `UIKitClock/`).
    var uikitContacts = UIKitContactWorld()

    /// Time simulated so far, in steps.
    public internal(set) var stepCount = 0
    /// Σ over the steps that ran (not paused) of the number of bodies: the work done, for benchmarks.
    public internal(set) var bodyStepCount = 0

    /// The substep length the per-step preparation (slots, coefficients, resistance factors)
    /// was computed for; 0 when something changed and it must be redone.
    var preparedSubstep = 0.0
    /// How many bodies belong to some collision group (contact discovery is skipped when none do).
    var collidingBodyCount = 0
    /// Whether any movable body feels a force, as of the last preparation.
    var hasForces = false
    /// Per body slot, the index of the anchor spring holding it (−1 for none), as of the last
    /// preparation; empty when a body hangs on more than one (`Solver/World+IndependentBodies.swift`).
    var springBySlot: [Int32] = []
    /// Per body slot, the runs of point springs from it on, as of the last preparation (empty
    /// with `springBySlot`): which blocks of the step of independent bodies `PointSpringLanes`
    /// can take.
    var pointSpringRuns: [PointSpringRun] = []
    /// The threads a step may split its work across (one unless set; any count gives the same bits).
    public var workers = StepWorkers.serial

    /// True once every body has been still for `World.restDuration`; stepping then does nothing
    /// until `wake()` (which every change to the world calls).
    public internal(set) var isPaused = false
    /// Whether contact rows of one color go through the four-lane single-precision solver in
    /// quads (`ContactRowQuad`); off, every row is solved on its own in double, which tests
    /// compare the quads with.
    var solvesContactQuads = true
    /// Whether a world of independent bodies takes their own step
    /// (`Solver/World+IndependentBodies.swift`). Both steps give the same bits (a test holds them
    /// to it); switching this off only makes the springy list slower.
    var stepsIndependentBodies = true
    /// Whether the world may pause at rest (benchmarks turn it off to measure every step).
    public var allowsPause = true
    /// Simulated time every body has been still.
    var restTime = 0.0

    /// Which pipeline `step(timeStep:substeps:)` runs: `.accurate` (the default) or `.uikit`,
    /// Box2D 2.3's formulation at one step per frame (`Solver/World+UIKitStep.swift`).
    public var solverKind = SolverKind.accurate {
        didSet {
            // The two pipelines prepare different rows for the same joints.
            if solverKind != oldValue {
                preparedSubstep = 0
                contacts.removeAll()
                uikitContacts = UIKitContactWorld()
                wake()
            }
        }
    }

    public init() {}

    // MARK: Bodies

    /// The number of bodies (the ground is not counted).
    public var bodyCount: Int { states.count - 1 }

    /// Every body's id in solver order.
    public var bodyIDs: [BodyID] { properties.dropFirst().map(\.id) }

    @discardableResult
    public mutating func createBody(_ definition: BodyDefinition) -> BodyID {
        preparedSubstep = 0
        wake()
        let id: BodyID
        if let reused = freeBodyIDs.popLast() {
            id = BodyID(rawValue: reused)
        } else {
            id = BodyID(rawValue: Int32(bodySlots.count))
            bodySlots.append(-1)
        }
        bodySlots[Int(id.rawValue)] = Int32(states.count)
        states.append(
            BodyState(
                velocity: definition.isAnchored ? .zero : definition.linearVelocity,
                angularVelocity: definition.isAnchored || !definition.allowsRotation ? 0 : definition.angularVelocity,
                smoothVelocityChange: .zero, smoothAngularVelocityChange: 0,
                position: definition.position, rotation: definition.rotation))
        properties.append(BodyProperties(id: id, definition: definition))
        return id
    }

    /// Removes the body and every joint attached to it.
    public mutating func destroyBody(_ id: BodyID) {
        preparedSubstep = 0
        wake()
        guard let slot = slot(of: id) else { return }
        for joint in joints.ids(attachedTo: id) { destroyJoint(joint) }
        contacts.removeAll { $0.bodyA == id || $0.bodyB == id }
        forgetUIKitBody(id)
        if properties[slot].itemGroups | properties[slot].boundaryGroups != 0 { collidingBodyCount -= 1 }
        let last = states.count - 1
        if slot != last {
            states[slot] = states[last]
            properties[slot] = properties[last]
            bodySlots[Int(properties[slot].id.rawValue)] = Int32(slot)
        }
        states.removeLast()
        properties.removeLast()
        bodySlots[Int(id.rawValue)] = -1
        freeBodyIDs.append(id.rawValue)
    }

    public func contains(_ id: BodyID) -> Bool { slot(of: id) != nil }

    @usableFromInline func slot(of id: BodyID) -> Int? {
        let raw = Int(id.rawValue)
        guard raw >= 0, raw < bodySlots.count else { return nil }
        let slot = Int(bodySlots[raw])
        return slot > 0 ? slot : nil
    }

    public func position(of id: BodyID) -> Vec2 { states[requireSlot(id)].position }
    public func rotation(of id: BodyID) -> Rotation { states[requireSlot(id)].rotation }

    /// Where a body is and how it is turned (`withPlacements` reads many bodies at once).
    public func placement(of id: BodyID) -> (position: Vec2, rotation: Rotation) {
        let slot = requireSlot(id)
        return (states[slot].position, states[slot].rotation)
    }
    public func velocity(of id: BodyID) -> Vec2 { states[requireSlot(id)].velocity }
    public func angularVelocity(of id: BodyID) -> Double { states[requireSlot(id)].angularVelocity }
    public func definition(of id: BodyID) -> BodyDefinition { properties[requireSlot(id)].definition }
    public func mass(of id: BodyID) -> Double { properties[requireSlot(id)].definition.mass }

    /// Moves the body without changing its velocity (UIKit's `updateItemUsingCurrentState`).
    public mutating func setPosition(_ position: Vec2, of id: BodyID) {
        wake()
        states[requireSlot(id)].position = position
    }

    /// Moves the body by `offset` without changing its velocity.
    public mutating func translate(_ id: BodyID, by offset: Vec2) {
        wake()
        let laneReady = bodiesAreKnownLaneReady  // a move leaves it true
        states[requireSlot(id)].position += offset
        bodiesAreKnownLaneReady = laneReady
    }

    /// Moves each body by its offset, in order, without changing velocities: `translate(_:by:)`
    /// for many bodies at once (the springy list shifts every sprung cell each frame a finger
    /// scrolls), with one wake and the arrays opened once.
    public mutating func translate(_ moves: [(body: BodyID, offset: Vec2)]) {
        if moves.isEmpty { return }
        wake()
        let bodySlots = bodySlots
        let laneReady = bodiesAreKnownLaneReady  // moves leave it true
        defer { bodiesAreKnownLaneReady = laneReady }
        states.withUnsafeMutableBufferPointer { states in
            for move in moves {
                let raw = Int(move.body.rawValue)
                let slot = raw >= 0 && raw < bodySlots.count ? Int(bodySlots[raw]) : 0
                precondition(slot > 0, "no body with id \(raw)")
                states[slot].position += move.offset
            }
        }
    }

    public mutating func setRotation(_ rotation: Rotation, of id: BodyID) {
        wake()
        states[requireSlot(id)].rotation = rotation
    }

    public mutating func setVelocity(_ velocity: Vec2, of id: BodyID) {
        wake()
        let slot = requireSlot(id)
        if properties[slot].inverseMass > 0 { states[slot].velocity = velocity }
    }

    public mutating func setAngularVelocity(_ w: Double, of id: BodyID) {
        wake()
        let slot = requireSlot(id)
        if properties[slot].inverseInertia > 0 { states[slot].angularVelocity = w }
    }

    /// The constant acceleration (pt/s²) acting on the body, e.g. the sum of its gravity behaviors.
    public mutating func setAcceleration(_ acceleration: Vec2, of id: BodyID) {
        preparedSubstep = 0
        wake()
        properties[requireSlot(id)].acceleration = acceleration
    }

    /// Kinetic energy ½mv² + ½Iω² of every body, in mass-units·pt²/s².
    public var kineticEnergy: Double {
        var sum = 0.0
        for slot in 1..<states.count {
            let d = properties[slot].definition
            let s = states[slot]
            if properties[slot].inverseMass > 0 { sum += 0.5 * d.mass * s.velocity.lengthSquared }
            if properties[slot].inverseInertia > 0 {
                sum += 0.5 * d.inertia * s.angularVelocity * s.angularVelocity
            }
        }
        return sum
    }

    /// The first body whose position, rotation or velocity is not finite, if any.
    public var firstNonFiniteBody: BodyID? {
        if bodiesAreKnownFinite { return nil }
        // Fast path: a sum of values is finite only if every value is (a NaN or an infinity
        // stays in it), so one sum answers for all, in any order; only if it is not finite (or
        // overflowed, which takes values near 1e308) are the bodies looked at one by one. The
        // bodies are read in the chunks the step wrote them in (slots from 1, as the step
        // splits them), each on the thread that wrote it.
        let probe = states.withUnsafeBufferPointer { states in
            workers.reduceChunks(count: states.count - 1) { chunk in
                var (sum, turns) = (SIMD2<Double>.zero, 0.0)
                for slot in (chunk.lowerBound + 1)..<(chunk.upperBound + 1) {
                    let s = states[slot]
                    sum += SIMD2(s.position) + SIMD2(s.velocity) + SIMD2(s.rotation.c, s.rotation.s)
                    turns += s.angularVelocity
                }
                return sum.x + sum.y + turns
            } combine: { $0 + $1 }
        }
        if probe.isFinite { return nil }
        for slot in 1..<states.count {
            let s = states[slot]
            if !(s.position.isFinite && s.velocity.isFinite && s.angularVelocity.isFinite
                && s.rotation.c.isFinite && s.rotation.s.isFinite)
            {
                return properties[slot].id
            }
        }
        return nil
    }
}
