import Foundation

/// One element of a collection-view layout, as a `UICollectionViewLayout` returns it: what the
/// app's layout computed for a cell, a supplementary view or a decoration, in plain values.
///
/// `frame` is the element's rectangle before `angle` turns it about its center: its center and
/// bounds size. (UIKit's `frame` of a transformed element is the box around the turned
/// rectangle instead; `LayoutElement(_:)` from `UICollectionViewLayoutAttributes` reads center
/// and bounds for that reason.)
public struct LayoutElement: Sendable, Hashable {
    /// What the element is. Springy dynamics hang cells on springs; every other kind keeps its
    /// place, zIndex and alpha.
    public enum Kind: Sendable, Hashable, CaseIterable {
        /// A cell (`UICollectionView.ElementCategory.cell`).
        case cell
        /// The section header (`UICollectionView.elementKindSectionHeader`).
        case header
        /// The section footer (`UICollectionView.elementKindSectionFooter`).
        case footer
        /// A supplementary view of another kind (a badge, a separator…). Replayed and printed as
        /// a `decoration`: like one, it is neither sprung nor pinned, so its index path must not
        /// be a decoration's too.
        case supplementary
        /// A decoration view.
        case decoration
    }

    /// The section, from 0.
    public var section: Int
    /// The item within the section; cells of a section are numbered 0 … n − 1 without gaps,
    /// other kinds may use any number.
    public var item: Int
    /// What the element is.
    public var kind: Kind
    /// The untransformed rectangle, in content coordinates.
    public var frame: CGRect
    /// Drawing order: higher is drawn over lower.
    public var zIndex: Int
    /// Opacity, 0 … 1.
    public var alpha: Double
    /// The transform's rotation, in radians (within one turn either way).
    public var angle: Double

    /// An element; a cell of section 0, opaque, upright and at zIndex 0 unless told otherwise.
    public init(
        section: Int = 0, item: Int, kind: Kind = .cell, frame: CGRect,
        zIndex: Int = 0, alpha: Double = 1, angle: Double = 0
    ) {
        self.section = section
        self.item = item
        self.kind = kind
        self.frame = frame
        self.zIndex = zIndex
        self.alpha = alpha
        self.angle = angle
    }
}
