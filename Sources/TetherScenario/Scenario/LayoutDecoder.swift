import TetherLayout

/// Decodes the `layout` object (§1.1 of the contract).
enum LayoutDecoder {
    static let flowKeys = [
        "type", "scrollDirection", "sections", "itemSize", "itemSizes", "minimumLineSpacing",
        "minimumInteritemSpacing", "sectionInset", "headerSize", "footerSize", "pinHeaders",
    ]

    static func decodeFlow(_ value: JSONValue, at path: JSONPath, viewport: Size) throws -> FlowLayout {
        let typeReader = try ObjectReader(value, at: path, known: flowKeys + waterfallKeys)
        let type = try typeReader.required("type") { v, p in try v.oneOf(["flow", "waterfall"], at: p) }
        if type == "waterfall" {
            throw ValidationError(typeReader.path("type"), "waterfall layouts are not supported yet")
        }
        let object = try ObjectReader(value, at: path, known: flowKeys)
        let direction = try object.optional("scrollDirection") { v, p in
            Axis(rawValue: try v.oneOf(["vertical", "horizontal"], at: p))!
        } ?? .vertical
        let sections = try object.required("sections") { v, p in try decodeSections(v, at: p) }
        let itemSize = try object.optional("itemSize") { v, p in try ScenarioDecoder.decodeSize(v, at: p) }
            ?? Size(width: 50, height: 50)
        let itemSizes = try object.optional("itemSizes") { v, p in try decodeItemSizes(v, at: p, sections: sections) }
        func spacing(_ key: String) throws -> Double {
            try object.optional(key) { v, p in try v.number(at: p, in: 0...ScenarioLimits.maxLength) } ?? 10
        }
        let lineSpacing = try spacing("minimumLineSpacing")
        let interitemSpacing = try spacing("minimumInteritemSpacing")
        let inset = try object.optional("sectionInset", ScenarioDecoder.decodeInsets) ?? .zero
        let headerSize = try object.optional("headerSize") { v, p in try ScenarioDecoder.decodeSize(v, at: p, allowZero: true) } ?? .zero
        let footerSize = try object.optional("footerSize") { v, p in try ScenarioDecoder.decodeSize(v, at: p, allowZero: true) } ?? .zero
        if try object.optional("pinHeaders", { v, p in try v.bool(at: p) }) == true {
            throw ValidationError(object.path("pinHeaders"), "pinned headers are not supported yet")
        }
        let layout = FlowLayout(
            viewportSize: viewport, scrollDirection: direction, sections: sections, itemSize: itemSize,
            itemSizes: itemSizes, minimumLineSpacing: lineSpacing, minimumInteritemSpacing: interitemSpacing,
            sectionInset: inset, headerSize: headerSize, footerSize: footerSize)
        let content = layout.contentSize
        if max(content.width, content.height) > ScenarioLimits.maxContentLength {
            throw ValidationError(
                path, "the content would be \(ScenarioDecoder.format(content.width))×\(ScenarioDecoder.format(content.height)) pt, more than the limit of \(ScenarioDecoder.format(ScenarioLimits.maxContentLength)) pt")
        }
        return layout
    }

    static let waterfallKeys = ["columns", "itemHeights", "columnSpacing", "lineSpacing"]

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
        let list = try value.array(at: path)
        guard list.count == sections.count else {
            throw ValidationError(path, "has \(list.count) sections but \"sections\" has \(sections.count)")
        }
        return try list.enumerated().map { s, entry in
            let sectionPath = path.appending(s)
            let sizes = try entry.array(at: sectionPath)
            guard sizes.count == sections[s] else {
                throw ValidationError(sectionPath, "has \(sizes.count) sizes but section \(s) has \(sections[s]) items")
            }
            return try sizes.enumerated().map { i, size in
                try ScenarioDecoder.decodeSize(size, at: sectionPath.appending(i))
            }
        }
    }
}
