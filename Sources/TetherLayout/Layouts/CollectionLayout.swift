/// A layout source: computes the resting attributes of every element (UICollectionViewLayout's
/// `prepare` + `layoutAttributesForElements(in:)`).
public protocol CollectionLayout: Sendable {
    /// The scroll axis.
    var scrollDirection: Axis { get }
    /// Item counts per section.
    var sections: [Int] { get }
    /// The size of the scrollable content.
    var contentSize: Size { get }
    /// Every element's attributes, sorted by `ElementKey`.
    var attributes: [LayoutAttributes] { get }
}
