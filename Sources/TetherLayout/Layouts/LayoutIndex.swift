// TEMPORARY brute-force stand-in until the real LayoutIndex lands (not committed).
public struct LayoutIndex: Sendable {
    let frames: [Rect]
    public init(_ attributes: [LayoutAttributes], axis: Axis) { frames = attributes.map(\.frame) }
    public func indices(intersecting rect: Rect) -> [Int] { frames.indices.filter { frames[$0].intersects(rect) } }
}
