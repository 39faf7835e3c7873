import Foundation
import TetherImport
import TetherLayout
import TetherPhysics

extension LayoutElement {
    /// The elements described in text a debugger printed: what
    /// `po collectionView.collectionViewLayout.layoutAttributesForElements(in:)` shows, pasted
    /// whole (lldb's prompts, Swift's and Objective-C's array wrappers, log prefixes and wrapped
    /// lines included). The same reader as `tether import`, with its rules: a later description
    /// of the same element wins (`keepingFirst: true` keeps the first), hidden elements come back
    /// with alpha 0, a rotation transform gives the angle and the untransformed frame, and any
    /// other transform is refused.
    ///
    /// - Throws: `TetherError` of kind `.invalidScenario` naming the line and column of what
    ///   could not be read, or saying the text holds no layout attributes.
    public static func imported(fromDebuggerText text: String, keepingFirst: Bool = false) throws(TetherError) -> [LayoutElement] {
        var options = ImportOptions()
        options.duplicates = keepingFirst ? .keepFirst : .keepLast
        let layout: ImportedLayout
        do {
            layout = try LayoutImport.read(text, options: options)
        } catch {
            throw TetherError(.invalidScenario, error.description)
        }
        return layout.elements.map(LayoutElement.init(imported:))
    }

    init(imported element: ImportedElement) {
        let kind: Kind = switch element.kind {
        case .cell: .cell
        case .header: .header
        case .footer: .footer
        case .decoration: .decoration
        case .supplementary: .supplementary
        }
        let frame = element.frame
        self.init(
            section: element.section, item: element.item, kind: kind,
            frame: CGRect(x: frame.origin.x, y: frame.origin.y, width: frame.size.width, height: frame.size.height),
            zIndex: element.zIndex, alpha: element.isHidden ? 0 : element.alpha, angle: element.angle)
    }
}
