/// A kind of joint (anchor spring, distance, limit, weld, revolute, prismatic): what the world
/// asks of every joint, and the kind's solver stages on both clocks, the way Box2D v3's
/// `joint.c` dispatches each stage to `distance_joint.c`, `weld_joint.c` …
///
/// A kind's joints live in a dense array of their own (`JointColumn`), in creation order, and
/// each stage runs as one loop per kind, over every kind in the order of `JointStore.columns`
/// (where kinds are registered) before the next stage starts:
///
/// - accurate clock (`Solver/World+Step.swift`), per substep: `beginSubstep`, `warmStart` and
///   `solve` before positions move, `relax` after (Box2D v3's soft step); `prepare` once per
///   step when the substep length or the bodies changed;
/// - UIKit clock (`Solver/World+UIKitStep.swift`), Box2D 2.3's stages: `initVelocityConstraints`
///   (including the warm start) once per step, `solveVelocity` in each velocity iteration,
///   `solvePosition` in each position iteration.
///
/// Joints have no restitution stage (only contacts bounce). Conventions: A may be missing (the
/// world, slot 0 of the body arrays); `C` is measured from A to B; a positive impulse pushes B
/// along the row's direction and A against it.
protocol JointKind: Sendable {
    var id: JointID { get }
    /// The first body, or nil for the world.
    var bodyA: BodyID? { get }
    var bodyB: BodyID { get }
    /// The attachment points: A's in A's frame (the world point when A is the world), B's in B's.
    var localAnchorA: Vec2 { get }
    var localAnchorB: Vec2 { get }
    /// Whether a joint of this kind can tie two bodies' motions together. A kind that cannot
    /// (it ties one body to the world) skips its relax pass while nothing else ties bodies
    /// either (`StepContext.isCoupled`): its biased pass has then solved it, as an anchor
    /// spring's first pass solves a lone spring exactly.
    static var couplesBodies: Bool { get }

    /// The rest length, frequency and damping ratio, for kinds with a spring (nil otherwise).
    var spring: JointSpring? { get }
    mutating func setSpring(_ spring: JointSpring)
    /// Moves the joint's end in the world to `anchor` when A is the world; false when the kind
    /// keeps its ends where they are.
    mutating func moveWorldAnchor(to anchor: Vec2) -> Bool

    // MARK: Accurate clock

    /// Once per step when the substep length `h` or the bodies changed: body slots (0 for the
    /// world), masses, coefficients.
    mutating func prepare(slotA: Int, slotB: Int, properties: UnsafeMutableBufferPointer<BodyProperties>, h: Double)
    /// At the start of each substep, before any row applies an impulse (anchor springs, first
    /// in the list, run their whole biased pass here, recorded as a smooth change): levers,
    /// errors, effective masses, a spring's part of the row fixed for the substep.
    mutating func beginSubstep(_ context: StepContext)
    /// Applies the impulses accumulated so far as the starting guess.
    mutating func warmStart(_ context: StepContext)
    /// One Gauss–Seidel update of every row, with bias (rigid rows soft), before positions move.
    mutating func solve(_ context: StepContext)
    /// One update after positions moved: rigid rows rigid and without bias, springs unchanged.
    mutating func relax(_ context: StepContext)

    // MARK: UIKit clock (Box2D 2.3)

    /// Once per step, after velocities are integrated: the rows' geometry and coefficients,
    /// then the warm start with last step's impulses (b2Joint::InitVelocityConstraints).
    mutating func initVelocityConstraints(_ context: StepContext)
    /// One velocity iteration (b2Joint::SolveVelocityConstraints).
    mutating func solveVelocity(_ context: StepContext)
    /// One position iteration on the rigid rows (b2Joint::SolvePositionConstraints): true when
    /// every row was within its slop.
    mutating func solvePosition(_ context: StepContext) -> Bool

    // MARK: Column stages

    // Each stage over all of a kind's joints. Kinds get these from the extension below (a loop
    // over the joints); they are requirements so that the store, which holds the kinds behind
    // one interface, calls a loop compiled for each kind, with the joint's stage inlined.
    static func prepare(
        _ joints: UnsafeMutableBufferPointer<Self>, bodySlots: [Int32], properties: UnsafeMutableBufferPointer<BodyProperties>,
        h: Double)
    static func run(_ stage: JointStage, _ joints: UnsafeMutableBufferPointer<Self>, _ context: StepContext)
    static func solvePosition(_ joints: UnsafeMutableBufferPointer<Self>, _ context: StepContext) -> Bool
}

extension JointKind {
    static var couplesBodies: Bool { true }

    /// Rigid kinds have no spring.
    var spring: JointSpring? { nil }
    mutating func setSpring(_ spring: JointSpring) {}

    /// Most kinds keep their ends: only springs follow a moving anchor (UIAttachmentBehavior's
    /// settable `anchorPoint`).
    mutating func moveWorldAnchor(to anchor: Vec2) -> Bool { false }

    /// Rigid rows on the UIKit clock: Box2D 2.3 solves them at the velocity level without bias,
    /// which is the accurate clock's relax row, measured and warm-started as a substep begins;
    /// position errors are removed in `solvePosition`.
    mutating func initVelocityConstraints(_ context: StepContext) {
        beginSubstep(context)
        warmStart(context)
    }

    mutating func solveVelocity(_ context: StepContext) { relax(context) }

    static func prepare(
        _ joints: UnsafeMutableBufferPointer<Self>, bodySlots: [Int32], properties: UnsafeMutableBufferPointer<BodyProperties>,
        h: Double
    ) {
        for j in joints.indices {
            let a = joints[j].bodyA.map { Int(bodySlots[Int($0.rawValue)]) } ?? 0
            let b = Int(bodySlots[Int(joints[j].bodyB.rawValue)])
            joints[j].prepare(slotA: a, slotB: b, properties: properties, h: h)
        }
    }

    static func run(_ stage: JointStage, _ joints: UnsafeMutableBufferPointer<Self>, _ context: StepContext) {
        switch stage {
        case .beginSubstep: for j in joints.indices { joints[j].beginSubstep(context) }
        case .warmStart: for j in joints.indices { joints[j].warmStart(context) }
        case .solve: for j in joints.indices { joints[j].solve(context) }
        case .relax: for j in joints.indices { joints[j].relax(context) }
        case .initVelocityConstraints: for j in joints.indices { joints[j].initVelocityConstraints(context) }
        case .solveVelocity: for j in joints.indices { joints[j].solveVelocity(context) }
        }
    }

    static func solvePosition(_ joints: UnsafeMutableBufferPointer<Self>, _ context: StepContext) -> Bool {
        var solved = true
        for j in joints.indices { solved = joints[j].solvePosition(context) && solved }
        return solved
    }
}

/// The stages that change velocities, for running one over a column of joints or all of them.
enum JointStage: Sendable {
    // The accurate clock, per substep.
    case beginSubstep, warmStart, solve, relax
    // The UIKit clock, per step and per velocity iteration.
    case initVelocityConstraints, solveVelocity
}
