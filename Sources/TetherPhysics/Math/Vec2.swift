/// A 2-D vector in points, UIKit geometry (origin top-left, +y down).
///
/// Plain `+ − × ÷` on `Double` only: Swift never fuses or reassociates them, so every
/// expression gives the same bits on every platform and optimization level.
public struct Vec2: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Vec2(0, 0)

    @inlinable public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    @inlinable public static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
    @inlinable public static func * (s: Double, a: Vec2) -> Vec2 { Vec2(s * a.x, s * a.y) }
    @inlinable public static func * (a: Vec2, s: Double) -> Vec2 { Vec2(a.x * s, a.y * s) }
    @inlinable public static func += (a: inout Vec2, b: Vec2) { a = a + b }
    @inlinable public static func -= (a: inout Vec2, b: Vec2) { a = a - b }

    @inlinable public func dot(_ b: Vec2) -> Double { x * b.x + y * b.y }
    /// The z component of the 3-D cross product.
    @inlinable public func cross(_ b: Vec2) -> Double { x * b.y - y * b.x }
    /// `w × self` for a scalar angular velocity `w`: the velocity of a point at `self` from the center.
    @inlinable public func crossed(byScalar w: Double) -> Vec2 { Vec2(-w * y, w * x) }
    /// Rotated by +90° (in y-down geometry: clockwise on screen).
    @inlinable public var perpendicular: Vec2 { Vec2(-y, x) }
    @inlinable public var lengthSquared: Double { x * x + y * y }
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The unit vector and the length; `(zero, 0)` for a vector too short to have a direction.
    @inlinable public var normalizedWithLength: (direction: Vec2, length: Double) {
        let l = length
        return l > 1e-12 ? (Vec2(x / l, y / l), l) : (.zero, l)
    }

    public var description: String { "(\(x), \(y))" }
}
