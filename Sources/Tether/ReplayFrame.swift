import Foundation

/// One frame of a replay: the time, the scroll position and every listed element's attributes,
/// the values of a frame's rows in `tether run`'s output (before they are rounded for printing).
public struct ReplayFrame: Sendable, Hashable {
    /// 0 for the state before any step, then 1, 2, … (every `every`-th one, as selected).
    public var number: Int
    /// Seconds since frame 0: `number / hz`.
    public var time: Double
    /// The collection view's content offset; nil in a world scene, which has none.
    public var contentOffset: CGPoint?
    /// The visible rect in content coordinates (the `viewport` row); nil in a world scene.
    public var viewport: CGRect?
    /// The elements in output order: section, then header, cell, footer, decoration, then item.
    public var elements: [Element]

    /// A frame of these values (for tests that build expected frames).
    public init(number: Int, time: Double, contentOffset: CGPoint?, viewport: CGRect?, elements: [Element]) {
        self.number = number
        self.time = time
        self.contentOffset = contentOffset
        self.viewport = viewport
        self.elements = elements
    }

    /// The element of this kind at this index path, if the frame lists it.
    public func element(section: Int = 0, item: Int, kind: Element.Kind = .cell) -> Element? {
        elements.first { $0.section == section && $0.item == item && $0.kind == kind }
    }

    /// An element's attributes in one frame: where the dynamics put it and how it is drawn.
    public struct Element: Sendable, Hashable {
        /// What a row describes. Other supplementary views of a built layout are decorations.
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            /// A section header.
            case header
            /// A cell.
            case cell
            /// A section footer.
            case footer
            /// A decoration view (or another supplementary view, in a built layout).
            case decoration
            /// A free item of a world scene.
            case item
        }

        /// The section (0 for a world item).
        public var section: Int
        /// The item within the section (a world item's index in the scenario).
        public var item: Int
        /// What the element is.
        public var kind: Kind
        /// A world item's id from the scenario; nil for collection-view elements.
        public var id: String?
        /// The center, in content coordinates.
        public var center: CGPoint
        /// The bounds size.
        public var size: CGSize
        /// Rotation about the center, in radians.
        public var angle: Double
        /// Opacity, 0 … 1 (inserted and deleted cells fade).
        public var alpha: Double
        /// Drawing order: higher is drawn over lower.
        public var zIndex: Int

        /// An element of these values.
        public init(
            section: Int, item: Int, kind: Kind, id: String? = nil, center: CGPoint, size: CGSize,
            angle: Double = 0, alpha: Double = 1, zIndex: Int = 0
        ) {
            self.section = section
            self.item = item
            self.kind = kind
            self.id = id
            self.center = center
            self.size = size
            self.angle = angle
            self.alpha = alpha
            self.zIndex = zIndex
        }

        /// The untransformed rectangle: `size` around `center` (what `LayoutElement.frame` is).
        public var frame: CGRect {
            CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
        }
    }
}
