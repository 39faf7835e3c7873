#if canImport(UIKit)
import UIKit

extension LayoutElement {
    /// The element `attributes` describe, as `layoutAttributesForElements(in:)` returns it.
    ///
    /// The frame is rebuilt from `center` and `bounds.size`, not read from `frame`, which for a
    /// turned element is the box around it; the angle is the rotation of `transform`
    /// (`atan2(b, a)`). A hidden element becomes fully transparent. Supplementary views of the
    /// section header and footer kinds become `.header` and `.footer`, any other kind
    /// `.supplementary`.
    public init(_ attributes: UICollectionViewLayoutAttributes) {
        let size = attributes.bounds.size
        let center = attributes.center
        let kind: Kind
        switch attributes.representedElementCategory {
        case .cell:
            kind = .cell
        case .supplementaryView:
            switch attributes.representedElementKind {
            case UICollectionView.elementKindSectionHeader: kind = .header
            case UICollectionView.elementKindSectionFooter: kind = .footer
            default: kind = .supplementary
            }
        case .decorationView:
            kind = .decoration
        @unknown default:
            kind = .decoration
        }
        let transform = attributes.transform
        self.init(
            section: attributes.indexPath.section, item: attributes.indexPath.item, kind: kind,
            frame: CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height),
            zIndex: attributes.zIndex, alpha: attributes.isHidden ? 0 : Double(attributes.alpha),
            angle: Double(atan2(transform.b, transform.a)))
    }
}

extension Array where Element == LayoutElement {
    /// The elements of every attributes object, in the same order.
    public init(_ attributes: [UICollectionViewLayoutAttributes]) {
        self = attributes.map(LayoutElement.init)
    }
}
#endif
