import TetherPhysics

/// What an element of a collection view is, in the order the output sorts them within a section.
public enum ElementKind: String, Sendable, Hashable, CaseIterable, Comparable {
    case header
    case cell
    case footer
    case decoration

    /// Sort rank: header, cell, footer, decoration.
    public var rank: Int {
        switch self {
        case .header: 0
        case .cell: 1
        case .footer: 2
        case .decoration: 3
        }
    }

    public static func < (a: ElementKind, b: ElementKind) -> Bool { a.rank < b.rank }
}

/// Identifies an element: its kind and index path (supplementary views use item 0).
public struct ElementKey: Hashable, Sendable, Comparable {
    public var section: Int
    public var kind: ElementKind
    public var item: Int

    public init(section: Int, kind: ElementKind, item: Int) {
        self.section = section
        self.kind = kind
        self.item = item
    }

    public static func cell(_ section: Int, _ item: Int) -> ElementKey {
        ElementKey(section: section, kind: .cell, item: item)
    }

    /// Output order: section, then kind, then item.
    public static func < (a: ElementKey, b: ElementKey) -> Bool {
        if a.section != b.section { return a.section < b.section }
        if a.kind != b.kind { return a.kind < b.kind }
        return a.item < b.item
    }
}

/// UICollectionViewLayoutAttributes: where an element is and how it is drawn.
public struct LayoutAttributes: Hashable, Sendable {
    public var key: ElementKey
    public var frame: Rect
    /// Rotation in radians (from the transform).
    public var angle: Double
    public var alpha: Double
    public var zIndex: Int

    public init(key: ElementKey, frame: Rect, angle: Double = 0, alpha: Double = 1, zIndex: Int = 0) {
        self.key = key
        self.frame = frame
        self.angle = angle
        self.alpha = alpha
        self.zIndex = zIndex
    }

    public var center: Vec2 {
        get { frame.center }
        set { frame = Rect(center: newValue, size: frame.size) }
    }

    /// The axis-aligned box around the element as drawn: `frame` turned by `angle` about its
    /// center (what UIKit's `frame` reports for a transformed element). Exactly `frame` when the
    /// angle is 0, so upright layouts answer rect queries with their own frames.
    public var boundingBox: Rect {
        angle == 0 ? frame : Rect(boundingCenter: frame.center, size: frame.size, rotation: Rotation(angle: angle))
    }
}
