/// Where a body is: its center in world points and its rotation about that center.
///
/// Shapes are stored in body-local coordinates, so collision needs this pair to place them; a
/// named struct keeps `position` and `rotation` from being swapped or passed separately.
public struct Transform: Hashable, Sendable {
    public var position: Vec2
    public var rotation: Rotation

    @inlinable public init(position: Vec2, rotation: Rotation = .identity) {
        self.position = position
        self.rotation = rotation
    }

    public static let identity = Transform(position: .zero, rotation: .identity)

    /// A body-local point in world coordinates.
    @inlinable public func apply(_ local: Vec2) -> Vec2 { rotation.rotate(local) + position }

    /// A world point in body-local coordinates.
    @inlinable public func inverseApply(_ world: Vec2) -> Vec2 { rotation.inverseRotate(world - position) }

    /// `other` expressed in this transform's local frame, so a pair of shapes can be collided
    /// near the origin (smaller coordinates, smaller round-off).
    @inlinable public func relative(_ other: Transform) -> Transform {
        Transform(position: inverseApply(other.position), rotation: rotation.relative(to: other.rotation))
    }
}
