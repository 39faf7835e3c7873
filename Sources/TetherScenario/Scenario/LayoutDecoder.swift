import TetherLayout

/// Decodes the `layout` object (§1.1 of the contract).
enum LayoutDecoder {
    /// Keys both layouts read. `sectionBackground` is an added key (a background decoration per section).
    static let sharedKeys = [
        "type", "scrollDirection", "sections", "sectionInset", "headerSize", "footerSize", "pinHeaders",
        "sectionBackground",
    ]
    static let flowOnlyKeys = ["itemSize", "itemSizes", "minimumLineSpacing", "minimumInteritemSpacing"]
    static let waterfallOnlyKeys = ["columns", "itemHeights", "columnSpacing", "lineSpacing"]
    static let flowKeys = sharedKeys + flowOnlyKeys
    static let waterfallKeys = sharedKeys + waterfallOnlyKeys
    /// Most columns a waterfall may have.
    static let maxColumns = 1_000

    /// A flow or waterfall layout for `viewport`.
    static func decode(_ value: JSONValue, at path: JSONPath, viewport: Size) throws -> any CollectionLayout {
        let typeReader = try ObjectReader(value, at: path, known: flowKeys + waterfallOnlyKeys)
        let type = try typeReader.required("type") { v, p in try v.oneOf(["flow", "waterfall"], at: p) }
        let (own, other, otherName, hint) = type == "flow"
            ? (flowKeys, waterfallOnlyKeys, "waterfall", "a flow layout has \"itemSize\"/\"itemSizes\"")
            : (waterfallKeys, flowOnlyKeys, "flow", "a waterfall has \"itemHeights\", \"columnSpacing\" and \"lineSpacing\"")
        for key in typeReader.object.keys where other.contains(key) {
            throw ValidationError(typeReader.path(key), "\(JSONValue.quoted(key)) belongs to \(otherName) layouts; \(hint)")
        }
        let object = try ObjectReader(value, at: path, known: own)
        let layout: any CollectionLayout = type == "flow"
            ? try decodeFlow(object, viewport: viewport)
            : try decodeWaterfall(object, viewport: viewport)
        let content = layout.contentSize
        if max(content.width, content.height) > ScenarioLimits.maxContentLength {
            throw ValidationError(
                path, "the content would be \(ScenarioDecoder.format(content.width))×\(ScenarioDecoder.format(content.height)) pt, more than the limit of \(ScenarioDecoder.format(ScenarioLimits.maxContentLength)) pt")
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
            counts = try object.required("sections") { v, p in try decodeSections(v, at: p) }
            inset = try object.optional("sectionInset", ScenarioDecoder.decodeInsets) ?? .zero
            headerSize = try object.optional("headerSize") { v, p in try ScenarioDecoder.decodeSize(v, at: p, allowZero: true) } ?? .zero
            footerSize = try object.optional("footerSize") { v, p in try ScenarioDecoder.decodeSize(v, at: p, allowZero: true) } ?? .zero
            pinHeaders = try object.optional("pinHeaders") { v, p in try v.bool(at: p) } ?? false
            sectionBackground = try object.optional("sectionBackground") { v, p in try v.bool(at: p) } ?? false
        }
    }

    static func decodeFlow(_ object: ObjectReader, viewport: Size) throws -> FlowLayout {
        let direction = try object.optional("scrollDirection") { v, p in
            Axis(rawValue: try v.oneOf(["vertical", "horizontal"], at: p))!
        } ?? .vertical
        let shared = try Sections(object)
        let itemSize = try object.optional("itemSize") { v, p in try ScenarioDecoder.decodeSize(v, at: p) }
            ?? Size(width: 50, height: 50)
        let itemSizes = try object.optional("itemSizes") { v, p in try decodeItemSizes(v, at: p, sections: shared.counts) }
        let lineSpacing = try spacing(object, "minimumLineSpacing")
        let interitemSpacing = try spacing(object, "minimumInteritemSpacing")
        return FlowLayout(
            viewportSize: viewport, scrollDirection: direction, sections: shared.counts, itemSize: itemSize,
            itemSizes: itemSizes, minimumLineSpacing: lineSpacing, minimumInteritemSpacing: interitemSpacing,
            sectionInset: shared.inset, headerSize: shared.headerSize, footerSize: shared.footerSize,
            pinHeaders: shared.pinHeaders, sectionBackground: shared.sectionBackground)
    }

    static func decodeWaterfall(_ object: ObjectReader, viewport: Size) throws -> WaterfallLayout {
        if try object.optional("scrollDirection", { v, p in try v.oneOf(["vertical", "horizontal"], at: p) }) == "horizontal" {
            throw ValidationError(object.path("scrollDirection"), "waterfall layouts scroll vertically only")
        }
        let shared = try Sections(object)
        let columns = try object.optional("columns") { v, p in try v.integer(at: p, in: 1...maxColumns) } ?? 2
        let itemHeights = try object.required("itemHeights") { v, p in
            try decodeItemHeights(v, at: p, sections: shared.counts)
        }
        let columnSpacing = try spacing(object, "columnSpacing")
        let lineSpacing = try spacing(object, "lineSpacing")
        let layout = WaterfallLayout(
            viewportSize: viewport, sections: shared.counts, columns: columns, itemHeights: itemHeights,
            columnSpacing: columnSpacing, lineSpacing: lineSpacing, sectionInset: shared.inset,
            headerSize: shared.headerSize, footerSize: shared.footerSize, pinHeaders: shared.pinHeaders,
            sectionBackground: shared.sectionBackground)
        guard layout.itemWidth > 0 else {
            let f = ScenarioDecoder.format
            throw ValidationError(
                object.path("columns"),
                "\(columns) columns leave no width for items: the viewport's \(f(viewport.width)) pt minus insets (\(f(shared.inset.left)) + \(f(shared.inset.right))) and \(columns - 1) × \(f(columnSpacing)) pt of column spacing is \(f(layout.itemWidth * Double(columns))) pt")
        }
        return layout
    }

    /// A spacing: non-negative, default 10.
    private static func spacing(_ object: ObjectReader, _ key: String) throws -> Double {
        try object.optional(key) { v, p in try v.number(at: p, in: 0...ScenarioLimits.maxLength) } ?? 10
    }

    static func decodeSections(_ value: JSONValue, at path: JSONPath) throws -> [Int] {
        let list = try value.array(at: path)
        guard list.count <= ScenarioLimits.maxSections else {
            throw ValidationError(path, "\(list.count) sections is more than the limit of \(ScenarioLimits.maxSections)")
        }
        var total = 0
        var counts: [Int] = []
        for (i, entry) in list.enumerated() {
            let count = try entry.integer(at: path.appending(i), in: 0...ScenarioLimits.maxItemsPerSection)
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
        try decodePerItem(value, at: path, sections: sections, noun: "heights") { height, itemPath in
            try height.positiveNumber(at: itemPath, max: ScenarioLimits.maxLength)
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
