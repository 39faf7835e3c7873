import TetherJSON
import TetherLayout

/// Reads the layout attributes a debugger, a test's `print`, a log or a crash report printed —
/// `po collectionView.collectionViewLayout.layoutAttributesForElements(in: rect)` pasted whole,
/// wrappers, prompts and all — into a custom layout's elements.
///
/// See `DescriptionParser` for one description, `DebuggerWrappers` for what surrounds them,
/// `WrappedLines` for descriptions cut by a terminal, `TransformRecovery` for turned elements
/// and `ElementConversion` for the custom layout's elements.
public enum LayoutImport {
    /// Every description in `text`, read into elements. Throws when a description cannot be
    /// read (naming its line and column), when an element cannot be a custom layout's (a cell
    /// missing from a section, a value out of range), or when there is no description at all.
    public static func read(_ text: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> ImportedLayout {
        let source = SourceText(text)
        var notes: [ImportNote] = []
        let descriptions = try findDescriptions(in: source)
        guard !descriptions.isEmpty else { throw ImportError.noAttributes }
        var elements: [ImportedElement] = []
        elements.reserveCapacity(descriptions.count)
        for (description, category) in descriptions {
            elements.append(try element(description, category: category, source: source, options: options))
        }
        notes += announcedCountNotes(source, descriptions.map(\.description))
        let (kept, dropped) = removeDuplicates(elements, keep: options.duplicates, notes: &notes)
        let attributes = try ElementConversion.attributes(kept, notes: &notes)
        let hidden = kept.filter(\.isHidden)
        if let first = hidden.first {
            notes.append(ImportNote(
                first.place,
                "\(plural(hidden.count, "element")) printed hidden = YES (the first: \(first.identity)) kept with alpha 0: still laid out and sprung, not drawn"))
        }
        let summary = ImportSummary(
            counts: counts(kept), elementCount: kept.count, contentSize: CustomLayout(elements: attributes).contentSize,
            ignoredFields: ignoredFields(kept), duplicatesDropped: dropped, hiddenCount: hidden.count,
            turnedCount: kept.filter { $0.angle != 0 }.count,
            lines: descriptions.first!.description.startLine(source)...descriptions.last!.description.startLine(source))
        return ImportedLayout(elements: kept, attributes: attributes, summary: summary, notes: notes)
    }

    // MARK: Finding descriptions

    /// Every description in the text, with what the words before it said about its category.
    private static func findDescriptions(in source: SourceText) throws(ImportError) -> [(description: AttributesDescription, category: DebuggerWrappers.Category)] {
        var found: [(AttributesDescription, DebuggerWrappers.Category)] = []
        var category = DebuggerWrappers.Category.unknown
        var categoryLeft = 0
        var gapStart = 0
        var offset = 0
        let bytes = source.bytes
        while offset < bytes.count {
            guard bytes[offset] == UInt8(ascii: "<"), DescriptionParser.startsDescription(source, at: offset) else {
                offset += 1
                continue
            }
            try checkGap(source, gapStart..<offset)
            if let said = DebuggerWrappers.category(in: source.text(gapStart..<offset)) {
                category = said
                // A "changed from <…> to <…>" message is about the two descriptions after it.
                categoryLeft = 2
            }
            let description = try DescriptionParser.parse(source, at: offset)
            found.append((description, categoryLeft > 0 ? category : .unknown))
            categoryLeft -= 1
            offset = max(description.end, offset + 1)
            gapStart = offset
        }
        try checkGap(source, gapStart..<bytes.count)
        return found
    }

    /// Text between descriptions that still names an index path the way a description does is a
    /// description the reader could not recognize: an error, not something to skip.
    private static func checkGap(_ source: SourceText, _ range: Range<Int>) throws(ImportError) {
        let marker = Array("index path:".utf8)
        guard range.count >= marker.count else { return }
        var i = range.lowerBound
        while i + marker.count <= range.upperBound {
            if source.bytes[i] == marker[0], Array(source.bytes[i..<(i + marker.count)]) == marker {
                throw ImportError(
                    TextPlace(source, i),
                    "this looks like layout attributes (\"index path:\") but has no <CLASS: 0xADDRESS> header right before it, the way UIKit prints one")
            }
            i += 1
        }
    }

    // MARK: One element

    private static func element(
        _ d: AttributesDescription, category: DebuggerWrappers.Category, source: SourceText, options: ImportOptions
    ) throws(ImportError) -> ImportedElement {
        let place = TextPlace(source, d.start)
        if let nonAffine = d.nonAffinePlace {
            throw ImportError(
                nonAffine,
                "a non-affine (3D) transform: UIKit does not print it, so the element's size and turn cannot be known; give the element a 2D transform, or none, when printing")
        }
        var rect = Rect(x: d.frame.x, y: d.frame.y, width: d.frame.width, height: d.frame.height)
        var angle = 0.0
        if let transform = d.transform {
            do {
                (rect, angle) = try TransformRecovery.recover(frame: d.frame, transform: transform)
            } catch {
                throw ImportError(d.transformPlace, refusal(error, transform))
            }
        }
        return ImportedElement(
            kind: kind(d, category: category, options: options), section: d.section, item: d.item, frame: rect, angle: angle,
            alpha: d.alpha, zIndex: d.zIndex, isHidden: d.isHidden, className: d.className, ignoredFields: d.ignoredFields,
            place: place)
    }

    /// The element's kind: a cell without `element kind`; UIKit's header and footer kinds; a kind
    /// the options give a role; a decoration when the text says so; else a supplementary view.
    private static func kind(_ d: AttributesDescription, category: DebuggerWrappers.Category, options: ImportOptions) -> ImportedKind {
        guard let name = d.elementKind, name != UIKitKinds.cell else { return .cell }
        switch options.role(of: name) {
        case .header?: return .header(name)
        case .footer?: return .footer(name)
        case .decoration?: return .decoration(name)
        case nil: break
        }
        if name == UIKitKinds.header { return .header(name) }
        if name == UIKitKinds.footer { return .footer(name) }
        if let said = d.category?.lowercased() {
            if said.contains("decoration") { return .decoration(name) }
            if said.contains("supplementary") { return .supplementary(name) }
        }
        return category == .decoration ? .decoration(name) : .supplementary(name)
    }

    private static func refusal(_ refusal: TransformRecovery.Refusal, _ t: AffineTransform) -> String {
        let printed = "[\([t.a, t.b, t.c, t.d, t.tx, t.ty].map(JSONNumberFormat.compact).joined(separator: ", "))]"
        switch refusal {
        case .notARotation(let why):
            return "transform \(printed) is not a rotation: \(why); a custom layout's elements turn but keep their size and shape"
        case .ambiguousSize(let degrees):
            return "transform \(printed) turns by \(degrees)°, within 0.5° of a diagonal, where the frame (the turned element's bounding box) no longer tells its width from its height"
        case .inconsistentBox:
            return "transform \(printed) cannot have given this frame: no rectangle turned by it has this bounding box"
        }
    }

    // MARK: The whole

    /// Keeps one description per element (the later by default), with a note for each dropped.
    private static func removeDuplicates(
        _ elements: [ImportedElement], keep: ImportOptions.Duplicates, notes: inout [ImportNote]
    ) -> (kept: [ImportedElement], dropped: Int) {
        var kept: [ImportedElement] = []
        var index: [ImportedIdentity: Int] = [:]
        var dropped = 0
        for element in elements {
            guard let k = index[element.identity] else {
                index[element.identity] = kept.count
                kept.append(element)
                continue
            }
            dropped += 1
            let first = kept[k]
            let same = first.frame == element.frame && first.angle == element.angle && first.alpha == element.alpha
                && first.zIndex == element.zIndex && first.isHidden == element.isHidden
            let difference = same ? "the same attributes" : "different attributes"
            switch keep {
            case .keepLast:
                kept[k] = element
                notes.append(ImportNote(
                    element.place,
                    "\(element.identity) again (first on line \(first.place.line)), with \(difference): this later description is kept (--first keeps the first)"))
            case .keepFirst:
                notes.append(ImportNote(
                    element.place,
                    "\(element.identity) again (first on line \(first.place.line)), with \(difference): the first description is kept (--first)"))
            }
        }
        return (kept, dropped)
    }

    /// A note for each Swift dump whose announced count differs from the descriptions after it.
    private static func announcedCountNotes(_ source: SourceText, _ descriptions: [AttributesDescription]) -> [ImportNote] {
        let announced = DebuggerWrappers.announcedCounts(in: source)
        var notes: [ImportNote] = []
        for (k, count) in announced.enumerated() {
            let end = k + 1 < announced.count ? announced[k + 1].offset : source.count
            let read = descriptions.filter { $0.start >= count.offset && $0.start < end }.count
            if read != count.count {
                notes.append(ImportNote(
                    TextPlace(source, count.offset),
                    "the dump announces \(plural(count.count, "element")); \(plural(read, "description")) read after it: if lldb cut it short, raise its limit (settings set target.max-children-count 100000) and print again"))
            }
        }
        return notes
    }

    private static func counts(_ elements: [ImportedElement]) -> [ImportSummary.Count] {
        var tally: [SectionKindKey: Int] = [:]
        for element in elements { tally[SectionKindKey(section: element.section, kind: element.kind), default: 0] += 1 }
        return tally.keys.sorted().map { ImportSummary.Count(section: $0.section, kind: $0.kind, count: tally[$0]!) }
    }

    private struct SectionKindKey: Hashable, Comparable {
        var section: Int
        var kind: ImportedKind

        static func < (a: SectionKindKey, b: SectionKindKey) -> Bool {
            a.section != b.section ? a.section < b.section : a.kind < b.kind
        }
    }

    private static func ignoredFields(_ elements: [ImportedElement]) -> [ImportSummary.FieldCount] {
        var fields: [ImportSummary.FieldCount] = []
        for name in elements.flatMap(\.ignoredFields) {
            if let k = fields.firstIndex(where: { $0.name == name }) {
                fields[k].count += 1
            } else {
                fields.append(ImportSummary.FieldCount(name: name, count: 1))
            }
        }
        return fields
    }
}

extension AttributesDescription {
    func startLine(_ source: SourceText) -> Int { source.line(of: start) }
}
