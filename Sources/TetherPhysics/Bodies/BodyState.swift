/// The per-substep state the solver reads and writes for one body: kept small (80 bytes) and
/// contiguous.
///
/// `smoothVelocityChange` collects what forces and springs added during the current substep, so
/// `velocity − smoothVelocityChange` is the velocity the substep began with (spring rows need it).
/// Positions move by `h·(v − ½·smoothVelocityChange)`, which is the trapezoidal rule for smooth
/// forces (exact for constant acceleration, second order for springs) while impulses from
/// contacts and rigid joints act in full, as in Box2D's symplectic Euler.
///
/// Field order matters to the contact solver: it loads `angularVelocity` with the field after it
/// as one 16-byte vector (`ContactRowQuad.gather`), so `angularVelocity` must not be the
/// last field (`BodyStateLayoutTests`).
@usableFromInline
struct BodyState: Sendable {
    @usableFromInline var velocity: Vec2
    @usableFromInline var angularVelocity: Double
    @usableFromInline var smoothVelocityChange: Vec2
    @usableFromInline var smoothAngularVelocityChange: Double
    @usableFromInline var position: Vec2
    @usableFromInline var rotation: Rotation

    /// The state of the immovable ground that anchors attach to.
    static let ground = BodyState(
        velocity: .zero, angularVelocity: 0, smoothVelocityChange: .zero,
        smoothAngularVelocityChange: 0, position: .zero, rotation: .identity)
}

/// Per-body values that change rarely: mass properties, resistance, forces from behaviors.
@usableFromInline
struct BodyProperties: Sendable {
    @usableFromInline var id: BodyID
    @usableFromInline var definition: BodyDefinition
    @usableFromInline var inverseMass: Double
    @usableFromInline var inverseInertia: Double
    /// Acceleration from gravity behaviors, pt/s².
    @usableFromInline var acceleration: Vec2
    /// Continuous force (UIKit Newtons × 100 pt/s² per unit mass) and torque from pushes.
    @usableFromInline var force: Vec2
    @usableFromInline var torque: Double
    /// Collision groups (one bit per collision behavior) in which this body collides with other
    /// bodies, and in which it collides with boundaries. Two bodies touch only when they share
    /// an item group; a body touches a boundary of group g only when it has bit g.
    @usableFromInline var itemGroups: UInt64 = 0
    @usableFromInline var boundaryGroups: UInt64 = 0
    /// e^(−resistance·h) for the substep length `factorsSubstep`.
    @usableFromInline var linearResistanceFactor = 1.0
    @usableFromInline var angularResistanceFactor = 1.0
    @usableFromInline var factorsSubstep = 0.0

    /// Whether impulses can change the body's velocity (an anchored item's, or the ground's,
    /// never change, so solvers need not write them).
    var isMovable: Bool { inverseMass > 0 || inverseInertia > 0 }

    mutating func updateResistanceFactors(h: Double) {
        linearResistanceFactor = DeterministicMath.exp(-definition.linearResistance * h)
        angularResistanceFactor = DeterministicMath.exp(-definition.angularResistance * h)
        factorsSubstep = h
    }

    init(id: BodyID, definition: BodyDefinition) {
        self.id = id
        self.definition = definition
        acceleration = .zero
        force = .zero
        torque = 0
        inverseMass = 0
        inverseInertia = 0
        updateMass()
    }

    /// Mass properties from the definition (after a density, size or `anchored` change).
    mutating func updateMass() {
        let movable = !definition.isAnchored
        let mass = definition.mass
        let inertia = definition.inertia
        inverseMass = movable && mass > 0 ? 1 / mass : 0
        inverseInertia = movable && definition.allowsRotation && inertia > 0 ? 1 / inertia : 0
        factorsSubstep = 0
    }

    static let ground = BodyProperties(
        id: BodyID(rawValue: -1),
        definition: BodyDefinition(position: .zero, size: .zero, isAnchored: true))
}
