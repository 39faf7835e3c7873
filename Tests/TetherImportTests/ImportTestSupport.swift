import Foundation
import TetherImport
import TetherLayout
import TetherPhysics

/// Fixtures and printers for the import tests.
enum ImportFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A fixture file's text.
    static func text(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// A number the way UIKit's descriptions print frames: `%g`, six significant digits.
    static func g(_ value: Double) -> String { String(format: "%g", value) }

    /// A number the way `NSStringFromCGAffineTransform` prints it: `%.17g`, every digit.
    static func g17(_ value: Double) -> String { String(format: "%.17g", value) }

    /// The description UIKit prints for `a` (whose frame is the rectangle before the turn), as
    /// `-[UICollectionViewLayoutAttributes description]` writes it: the bounding box as the frame
    /// when turned, the transform, alpha when not 1, zIndex when not 0. `kindName` overrides the
    /// element kind printed for headers, footers and decorations.
    static func description(_ a: LayoutAttributes, className: String = "UICollectionViewLayoutAttributes", kindName: String? = nil, address: Int = 0x7fa405c29000) -> String {
        var text = "<\(className): 0x\(String(address, radix: 16))> index path: (<NSIndexPath: 0xc000000000000016> {length = 2, path = \(a.key.section) - \(a.key.item)}); "
        switch a.key.kind {
        case .cell: break
        case .header: text += "element kind: (\(kindName ?? UIKitKinds.header)); "
        case .footer: text += "element kind: (\(kindName ?? UIKitKinds.footer)); "
        case .decoration: text += "element kind: (\(kindName ?? "SectionBackground")); "
        }
        let box = a.boundingBox
        text += "frame = (\(g(box.minX)) \(g(box.minY)); \(g(box.size.width)) \(g(box.size.height))); "
        if a.angle != 0 {
            let r = Rotation(angle: a.angle)
            text += "transform = [\([r.c, r.s, -r.s, r.c, 0, 0].map(g17).joined(separator: ", "))]; "
        }
        if a.alpha != 1 { text += "alpha = \(g(a.alpha)); " }
        if a.zIndex != 0 { text += "zIndex = \(a.zIndex); " }
        return text
    }

    /// What lldb prints for `po layout.layoutAttributesForElements(in: rect)` in Swift.
    static func swiftDump(_ elements: [LayoutAttributes]) -> String {
        var lines = [
            "(lldb) po collectionView.collectionViewLayout.layoutAttributesForElements(in: rect)",
            "▿ Optional<Array<UICollectionViewLayoutAttributes>>", "  ▿ some : \(elements.count) elements",
        ]
        for (k, a) in elements.enumerated() {
            lines.append("    - \(k) : " + description(a, address: 0x7fa405c29000 + 0x1b0 * k))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
