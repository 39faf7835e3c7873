import TetherJSON
import TetherLayout
import TetherPhysics
import TetherScenario

/// Imported elements as a custom layout's elements, checked as a scenario's elements are, with
/// the place of the description to blame.
///
/// A custom layout knows cells, headers, footers and decorations; another supplementary kind
/// (a badge, a compositional layout's boundary item) becomes a decoration, which is what it is
/// to the dynamics: not sprung, kept in place. Two kinds at one index path that become one kind
/// (two supplementary kinds, or one and a decoration) would be one element twice: the later gets
/// the section's next free item number, with a note. Hidden elements are kept, with alpha 0: a
/// hidden cell is still part of the layout (its index path, its spring in a springy layout), it
/// is only not drawn.
enum ElementConversion {
    static func attributes(_ elements: [ImportedElement], notes: inout [ImportNote]) throws(ImportError) -> [LayoutAttributes] {
        var used: [ElementKey: ImportedKind] = [:]
        var nextItem: [SectionKind: Int] = [:]
        for element in elements {
            let key = SectionKind(section: element.section, kind: element.kind.layoutKind)
            nextItem[key] = max(nextItem[key] ?? 0, element.item + 1)
        }
        var result: [LayoutAttributes] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            var key = ElementKey(section: element.section, kind: element.kind.layoutKind, item: element.item)
            if let other = used[key] {
                let group = SectionKind(section: key.section, kind: key.kind)
                let item = nextItem[group]!
                nextItem[group] = item + 1
                notes.append(ImportNote(
                    element.place,
                    "\(element.identity) and \(other) \(element.section).\(element.item) would both be \(key.kind.rawValue) \(key.section).\(key.item): \(element.kind) written as \(key.kind.rawValue) \(key.section).\(item)"))
                key.item = item
            }
            used[key] = element.kind
            let attributes = LayoutAttributes(
                key: key, frame: element.frame, angle: element.angle == 0 ? 0 : element.angle,
                alpha: element.isHidden ? 0 : element.alpha, zIndex: element.zIndex)
            try check(attributes, element)
            result.append(attributes)
        }
        try checkCells(result, elements)
        let order = result.indices.sorted { result[$0].key < result[$1].key }
        return order.map { result[$0] }
    }

    private struct SectionKind: Hashable {
        var section: Int
        var kind: ElementKind
    }

    /// Each value against the range a scenario's element allows (the same tables the decoder reads).
    private static func check(_ a: LayoutAttributes, _ element: ImportedElement) throws(ImportError) {
        let keys = LayoutFormats.elementKeys, frame = LayoutFormats.elementFrameKeys
        let checks: [(format: ValueFormat, value: Double, name: String)] = [
            (keys[.section].format, Double(a.key.section), "section"), (keys[.item].format, Double(a.key.item), "item"),
            (frame[.x].format, a.frame.origin.x, "frame x"), (frame[.y].format, a.frame.origin.y, "frame y"),
            (frame[.width].format, a.frame.size.width, "frame width"), (frame[.height].format, a.frame.size.height, "frame height"),
            (keys[.zIndex].format, Double(a.zIndex), "zIndex"), (keys[.alpha].format, a.alpha, "alpha"),
        ]
        for check in checks {
            do {
                try check.format.check(.number(check.value), at: .root)
            } catch {
                throw ImportError(element.place, "\(element.identity): \(check.name): \(error.message)")
            }
        }
        if a.key.kind == .cell, !(a.frame.size.width > 0 && a.frame.size.height > 0) {
            throw ImportError(
                element.place,
                "\(element.identity) is \(JSONNumberFormat.compact(a.frame.size.width)) × \(JSONNumberFormat.compact(a.frame.size.height)) pt: a cell needs a positive width and height (UIKit Dynamics cannot move an item without area)")
        }
    }

    /// Cells numbered 0 … n − 1 in every section, as a custom layout needs them.
    private static func checkCells(_ attributes: [LayoutAttributes], _ elements: [ImportedElement]) throws(ImportError) {
        guard case let .missingCell(section, missing, next)? = CustomLayout.problem(in: attributes) else { return }
        let found = attributes[next].key.item
        throw ImportError(
            elements[next].place,
            "section \(section) has cell \(found) but no cell \(missing): a layout needs every cell of a section, numbered from 0. Print the attributes of the whole content, e.g. po collectionView.collectionViewLayout.layoutAttributesForElements(in: CGRect(origin: .zero, size: collectionView.contentSize)), not those of the visible rect")
    }
}
