/// The pair of features (a vertex or a face of each shape) that produced a contact point.
///
/// The solver matches points between steps by this id to carry accumulated impulses over (warm
/// starting), so it names the *features* rather than the coordinates: it stays equal while the
/// same vertex rests on the same face, however the bodies slide. Packed like Box2D's
/// `b2ContactFeature`, always in terms of shape A and shape B (never reference/incident). The
/// reference face index, the incident vertex index and the flip flag are all recoverable: the
/// side with type `.face` is the reference shape when the other side is a vertex of the incident
/// edge, and a point cut by a side plane is the reference face's end vertex against the incident
/// face. A side benefit: "vertex v of Y on face f of X" gets the same id whichever box supplied
/// the reference face, so a reference-face flip on a near tie usually keeps warm starting.
///
/// | bits  | field                                 |
/// |-------|---------------------------------------|
/// | 0–7   | `indexA`: vertex or edge index on A   |
/// | 8–15  | `indexB`: vertex or edge index on B   |
/// | 16–23 | `typeA`: 0 vertex, 1 face             |
/// | 24–31 | `typeB`: 0 vertex, 1 face             |
///
/// Circles have the single feature "vertex 0".
public struct ContactFeature: Hashable, Sendable {
    public enum Kind: UInt8, Sendable {
        case vertex = 0
        case face = 1
    }

    public var indexA: UInt8
    public var indexB: UInt8
    public var typeA: Kind
    public var typeB: Kind

    @inlinable public init(indexA: Int, typeA: Kind, indexB: Int, typeB: Kind) {
        self.indexA = UInt8(truncatingIfNeeded: indexA)
        self.indexB = UInt8(truncatingIfNeeded: indexB)
        self.typeA = typeA
        self.typeB = typeB
    }

    /// Decodes a packed id; unknown type bits decode as `.face`.
    public init(id: UInt32) {
        indexA = UInt8(truncatingIfNeeded: id)
        indexB = UInt8(truncatingIfNeeded: id >> 8)
        typeA = UInt8(truncatingIfNeeded: id >> 16) == 0 ? .vertex : .face
        typeB = UInt8(truncatingIfNeeded: id >> 24) == 0 ? .vertex : .face
    }

    @inlinable public var id: UInt32 {
        UInt32(indexA) | UInt32(indexB) << 8 | UInt32(typeA.rawValue) << 16 | UInt32(typeB.rawValue) << 24
    }

    /// The same features with the roles of A and B exchanged.
    @inlinable public var swapped: ContactFeature {
        ContactFeature(indexA: Int(indexB), typeA: typeB, indexB: Int(indexA), typeB: typeA)
    }
}
