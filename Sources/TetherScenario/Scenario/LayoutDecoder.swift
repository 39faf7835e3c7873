import TetherJSON
import TetherLayout

/// Decodes the `layout` object: one of the types registered in `LayoutTypes`, read through its
/// key table.
enum LayoutDecoder {
    /// Most columns a waterfall may have.
    static let maxColumns = 1_000

    /// A layout of a registered type for `viewport`; files it names are read through `files`.
    static func decode(_ value: JSONValue, at path: JSONPath, viewport: Size, files: ScenarioFiles) throws -> any CollectionLayout {
        let union = LayoutTypes.union
        let typeReader = try ObjectReader(value, at: path, known: union.allKeyNames)
        let typeName = try typeReader.string(union.tag)
        guard let type = LayoutTypes.type(named: typeName) else { preconditionFailure("\(typeName) passed the tag check") }
        let own = union.keyNames(of: typeName)
        for key in typeReader.object.keys where !own.contains(key) {
            let owner = LayoutTypes.all.first { $0.variant.keys.contains { $0.name == key } }
            throw ValidationError(
                typeReader.path(key), "\(MessageText.quoted(key)) belongs to \(owner?.name ?? "other") layouts; \(type.hint)")
        }
        let object = try ObjectReader(value, at: path, known: own)
        let layout = try type.decode(object, viewport, files)
        let content = layout.contentSize
        if max(content.width, content.height) > ScenarioLimits.maxContentLength {
            throw ValidationError(
                path, "the content would be \(ScenarioDecoder.format(content.width))×\(ScenarioDecoder.format(content.height)) pt, more than the limit of \(ScenarioDecoder.format(ScenarioLimits.maxContentLength)) pt")
        }
        return layout
    }

    /// The `layout` of a data-source update: the custom layout after it, scrolling the same way
    /// as the scene's (its direction by default).
    static func decodeUpdateLayout(_ value: JSONValue, at path: JSONPath, scene: LayoutScene, files: ScenarioFiles) throws -> CustomLayout {
        guard let current = scene.layout as? CustomLayout else {
            throw ValidationError(
                path, "\"layout\" gives the layout after an update of a custom layout; a flow layout computes its own")
        }
        let keys = LayoutFormats.customAfterUpdateKeys
        let object = try ObjectReader(value, at: path, format: LayoutFormats.customAfterUpdate)
        _ = try object.string(keys[.type])
        let layout = try CustomLayoutDecoder.decode(object, keys: keys, files: files, direction: current.scrollDirection)
        if layout.scrollDirection != current.scrollDirection {
            throw ValidationError(
                object.path(keys[.scrollDirection]),
                "the layout after an update scrolls \(layout.scrollDirection.rawValue), but the scenario's layout scrolls \(current.scrollDirection.rawValue)")
        }
        return layout
    }

    /// Headers, footers, pinning and backgrounds, read the same way for both layouts.
    private struct Sections {
        var counts: [Int]
        var inset: EdgeInsets
        var headerSize: Size
        var footerSize: Size
        var pinHeaders: Bool
        var sectionBackground: Bool

        init(_ object: ObjectReader) throws {
            counts = try object.decode(LayoutFormats.sections, decodeSections)!
            inset = try object.decode(LayoutFormats.sectionInset, ScenarioDecoder.decodeInsets)!
            headerSize = try object.decode(LayoutFormats.headerSize, decodeReferenceSize)!
            footerSize = try object.decode(LayoutFormats.footerSize, decodeReferenceSize)!
            pinHeaders = try object.bool(LayoutFormats.pinHeaders)
            sectionBackground = try object.bool(LayoutFormats.sectionBackground)
        }
    }

    static func decodeReferenceSize(_ value: JSONValue, at path: JSONPath) throws -> Size {
        try ScenarioDecoder.decodeSize(value, at: path, keys: ShapeFormats.referenceSizeKeys)
    }

    static func decodeFlow(_ object: ObjectReader, viewport: Size) throws -> FlowLayout {
        let keys = LayoutFormats.flowKeys
        let direction = try object.choice(keys[.scrollDirection], as: Axis.self)
        let shared = try Sections(object)
        let itemSize = try object.decode(keys[.itemSize]) { v, p in try ScenarioDecoder.decodeSize(v, at: p) }!
        let itemSizes = try object.decode(keys[.itemSizes]) { v, p in try decodeItemSizes(v, at: p, sections: shared.counts) }
        let lineSpacing = try object.number(keys[.minimumLineSpacing])
        let interitemSpacing = try object.number(keys[.minimumInteritemSpacing])
        return FlowLayout(
            viewportSize: viewport, scrollDirection: direction, sections: shared.counts, itemSize: itemSize,
            itemSizes: itemSizes, minimumLineSpacing: lineSpacing, minimumInteritemSpacing: interitemSpacing,
            sectionInset: shared.inset, headerSize: shared.headerSize, footerSize: shared.footerSize,
            pinHeaders: shared.pinHeaders, sectionBackground: shared.sectionBackground)
    }

    static func decodeWaterfall(_ object: ObjectReader, viewport: Size) throws -> WaterfallLayout {
        let keys = LayoutFormats.waterfallKeys
        if object.value(keys[.scrollDirection]) == .string(Axis.horizontal.rawValue) {
            throw ValidationError(object.path(keys[.scrollDirection]), "waterfall layouts scroll vertically only")
        }
        _ = try object.checked(keys[.scrollDirection])
        let shared = try Sections(object)
        let columns = try object.integer(keys[.columns])
        let itemHeights = try object.decode(keys[.itemHeights]) { v, p in
            try decodeItemHeights(v, at: p, sections: shared.counts)
        }!
        let columnSpacing = try object.number(keys[.columnSpacing])
        let lineSpacing = try object.number(keys[.lineSpacing])
        let layout = WaterfallLayout(
            viewportSize: viewport, sections: shared.counts, columns: columns, itemHeights: itemHeights,
            columnSpacing: columnSpacing, lineSpacing: lineSpacing, sectionInset: shared.inset,
            headerSize: shared.headerSize, footerSize: shared.footerSize, pinHeaders: shared.pinHeaders,
            sectionBackground: shared.sectionBackground)
        guard layout.itemWidth > 0 else {
            let f = ScenarioDecoder.format
            throw ValidationError(
                object.path(keys[.columns]),
                "\(columns) columns leave no width for items: the viewport's \(f(viewport.width)) pt minus insets (\(f(shared.inset.left)) + \(f(shared.inset.right))) and \(columns - 1) × \(f(columnSpacing)) pt of column spacing is \(f(layout.itemWidth * Double(columns))) pt")
        }
        return layout
    }

    static func decodeSections(_ value: JSONValue, at path: JSONPath) throws -> [Int] {
        let list = try value.array(at: path)
        let limit = LayoutFormats.sections.format.count.upperBound
        guard list.count <= limit else {
            throw ValidationError(path, "\(list.count) sections is more than the limit of \(limit)")
        }
        var total = 0
        var counts: [Int] = []
        for (i, entry) in list.enumerated() {
            let count = try LayoutFormats.sections.format.element.integer(entry, at: path.appending(i))
            total += count
            counts.append(count)
        }
        guard total <= ScenarioLimits.maxElements else {
            throw ValidationError(path, "\(total) items in all is more than the limit of \(ScenarioLimits.maxElements)")
        }
        return counts
    }

    static func decodeItemSizes(_ value: JSONValue, at path: JSONPath, sections: [Int]) throws -> [[Size]] {
        try decodePerItem(value, at: path, sections: sections, noun: "sizes") { size, itemPath in
            try ScenarioDecoder.decodeSize(size, at: itemPath)
        }
    }

    /// One positive height per item of every section.
    static func decodeItemHeights(_ value: JSONValue, at path: JSONPath, sections: [Int]) throws -> [[Double]] {
        let height = LayoutFormats.waterfallKeys[.itemHeights].format.element.element
        return try decodePerItem(value, at: path, sections: sections, noun: "heights") { entry, itemPath in
            try height.number(entry, at: itemPath)
        }
    }

    /// A list per section with one entry per item (`[[…], […]]` matching `"sections"`), each entry
    /// decoded by `decode`; a count that does not match names the section and both counts.
    private static func decodePerItem<Element>(
        _ value: JSONValue, at path: JSONPath, sections: [Int], noun: String,
        decode: (JSONValue, JSONPath) throws -> Element
    ) throws -> [[Element]] {
        let list = try value.array(at: path)
        guard list.count == sections.count else {
            throw ValidationError(path, "has \(list.count) sections but \"sections\" has \(sections.count)")
        }
        return try list.enumerated().map { s, entry in
            let sectionPath = path.appending(s)
            let items = try entry.array(at: sectionPath)
            guard items.count == sections[s] else {
                throw ValidationError(sectionPath, "has \(items.count) \(noun) but section \(s) has \(sections[s]) items")
            }
            return try items.enumerated().map { i, item in try decode(item, sectionPath.appending(i)) }
        }
    }
}
