/// Up to four `Vec2`s kept inline and read by index: the vertices, or the face normals, of a box
/// or a segment (which uses the first two). Inline rather than an array, so that a shape built
/// for every contact pair allocates nothing. Shared by the accurate clock's `CollisionPolygon`
/// and the UIKit clock's `UIKitShape`.
struct FourVectors: Sendable {
    var v0: Vec2, v1: Vec2, v2: Vec2, v3: Vec2

    static let zero = FourVectors(.zero, .zero, .zero, .zero)

    init(_ v0: Vec2, _ v1: Vec2, _ v2: Vec2, _ v3: Vec2) {
        self.v0 = v0
        self.v1 = v1
        self.v2 = v2
        self.v3 = v3
    }

    /// Vector `i` (0…3; any larger index reads the last).
    subscript(_ i: Int) -> Vec2 {
        switch i {
        case 0: return v0
        case 1: return v1
        case 2: return v2
        default: return v3
        }
    }
}
