import TetherPhysics

/// A width and height in points.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    /// The component along an axis.
    @inlinable public subscript(axis: Axis) -> Double {
        get { axis == .vertical ? height : width }
        set { if axis == .vertical { height = newValue } else { width = newValue } }
    }
}

/// The scroll axis of a layout.
public enum Axis: String, Sendable, Hashable, CaseIterable {
    case vertical
    case horizontal

    /// The other axis.
    public var cross: Axis { self == .vertical ? .horizontal : .vertical }
}

extension Vec2 {
    /// The component along an axis.
    @inlinable public subscript(axis: Axis) -> Double {
        get { axis == .vertical ? y : x }
        set { if axis == .vertical { y = newValue } else { x = newValue } }
    }
}

/// An axis-aligned rectangle in UIKit geometry (origin top-left, +y down).
public struct Rect: Hashable, Sendable {
    public var origin: Vec2
    public var size: Size

    public init(origin: Vec2, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Vec2(x, y), size: Size(width: width, height: height))
    }

    /// The rectangle of `size` centered on `center`.
    public init(center: Vec2, size: Size) {
        self.init(origin: Vec2(center.x - size.width / 2, center.y - size.height / 2), size: size)
    }

    /// The axis-aligned box around a `size` rectangle centered on `center` and turned by `rotation`.
    public init(boundingCenter center: Vec2, size: Size, rotation: Rotation) {
        let half = Vec2(
            0.5 * (abs(rotation.c) * size.width + abs(rotation.s) * size.height),
            0.5 * (abs(rotation.s) * size.width + abs(rotation.c) * size.height))
        self.init(origin: center - half, size: Size(width: 2 * half.x, height: 2 * half.y))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var center: Vec2 { Vec2(midX, midY) }

    /// The smallest coordinate along an axis.
    public func min(_ axis: Axis) -> Double { axis == .vertical ? minY : minX }
    /// The largest coordinate along an axis.
    public func max(_ axis: Axis) -> Double { axis == .vertical ? maxY : maxX }

    /// True when the two rectangles overlap with positive area (CGRectIntersectsRect, which is
    /// false for rectangles that only share an edge).
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// Grown by `d` on every side (CGRectInset with −d).
    public func outset(by d: Double) -> Rect {
        Rect(x: minX - d, y: minY - d, width: size.width + 2 * d, height: size.height + 2 * d)
    }

    public func offsetBy(_ d: Vec2) -> Rect { Rect(origin: origin + d, size: size) }
}

/// Insets in points (UIEdgeInsets).
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = EdgeInsets()
}
