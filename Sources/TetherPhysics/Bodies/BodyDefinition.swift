/// The collision shape of a body; also decides its moment of inertia.
public enum BodyShape: String, Sendable, Hashable, CaseIterable {
    case rectangle
    /// A circle of diameter `min(width, height)` (see docs/physics.md on non-circular ellipses).
    case ellipse
}

/// Everything needed to create a body. A body is a rigid rectangle (or circle) of the given size.
///
/// Mass follows UIKit: `density · width · height / 10 000`, so a 100×100 item of density 1 has mass 1.
public struct BodyDefinition: Sendable, Hashable {
    public var position: Vec2
    public var rotation: Rotation
    public var size: Vec2
    public var shape: BodyShape
    public var linearVelocity: Vec2
    public var angularVelocity: Double
    public var density: Double
    /// UIKit `resistance`: velocity decays as e^(−resistance·t).
    public var linearResistance: Double
    /// UIKit `angularResistance`.
    public var angularResistance: Double
    public var allowsRotation: Bool
    /// Anchored bodies never move (infinite mass) but still collide.
    public var isAnchored: Bool
    /// UIKit `elasticity` (restitution): 0 no bounce … 1 elastic. Mixed by the maximum.
    public var elasticity: Double
    /// UIKit `friction` (Coulomb coefficient). Mixed by the geometric mean.
    public var friction: Double

    public init(
        position: Vec2, size: Vec2, rotation: Rotation = .identity, shape: BodyShape = .rectangle,
        linearVelocity: Vec2 = .zero, angularVelocity: Double = 0, density: Double = 1,
        linearResistance: Double = 0, angularResistance: Double = 0,
        allowsRotation: Bool = true, isAnchored: Bool = false, elasticity: Double = 0, friction: Double = 0
    ) {
        self.position = position
        self.size = size
        self.rotation = rotation
        self.shape = shape
        self.linearVelocity = linearVelocity
        self.angularVelocity = angularVelocity
        self.density = density
        self.linearResistance = linearResistance
        self.angularResistance = angularResistance
        self.allowsRotation = allowsRotation
        self.isAnchored = isAnchored
        self.elasticity = elasticity
        self.friction = friction
    }

    /// UIKit's mass: density · w · h / 10 000.
    public var mass: Double { density * size.x * size.y / 10_000 }

    /// Moment of inertia about the center for the shape and mass.
    public var inertia: Double {
        switch shape {
        case .rectangle: return mass * (size.x * size.x + size.y * size.y) / 12
        case .ellipse:
            let r = 0.5 * min(size.x, size.y)
            return 0.5 * mass * r * r
        }
    }
}

/// A stable handle to a body. Handles are never reused while the body lives; a destroyed
/// body's handle may be reused later (last freed, first reused, so reuse is deterministic).
public struct BodyID: Hashable, Sendable, Comparable {
    public let rawValue: Int32
    @inlinable public init(rawValue: Int32) { self.rawValue = rawValue }
    public static func < (a: BodyID, b: BodyID) -> Bool { a.rawValue < b.rawValue }
}
