/// A UIDynamicItem of a world scene: a view-sized rectangle or circle with an identifier.
public struct DynamicItem: Sendable, Hashable {
    public var id: String
    public var center: Vec2
    public var size: Vec2
    /// Radians, UIKit geometry (positive is clockwise on screen).
    public var angle: Double
    public var velocity: Vec2
    public var angularVelocity: Double
    public var shape: BodyShape

    public init(
        id: String, center: Vec2, size: Vec2, angle: Double = 0, velocity: Vec2 = .zero,
        angularVelocity: Double = 0, shape: BodyShape = .rectangle
    ) {
        self.id = id
        self.center = center
        self.size = size
        self.angle = angle
        self.velocity = velocity
        self.angularVelocity = angularVelocity
        self.shape = shape
    }
}
