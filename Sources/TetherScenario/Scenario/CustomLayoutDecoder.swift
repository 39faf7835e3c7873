import TetherJSON
import TetherLayout

/// Decodes a custom layout (`"type": "custom"`): the attributes of any `UICollectionViewLayout`,
/// given inline as `elements` or read from `elementsFile` (see `ElementsFile`).
///
/// Every element is checked where it was written (a JSON path, or a line of a CSV file), then the
/// list as a whole: no two elements with one kind and index path, and the cells of every section
/// numbered 0 … n − 1 without gaps.
enum CustomLayoutDecoder {
    /// A custom layout from its object, read through `keys` (the custom layout's table, or the
    /// table of the layout an update gives). `direction` is the scroll direction when the table
    /// gives none by default (an update's layout takes the scenario layout's).
    static func decode<Name: CustomLayoutKeyName>(
        _ object: ObjectReader, keys: KeyTable<Name>, files: ScenarioFiles, direction: Axis = .vertical
    ) throws -> CustomLayout {
        let direction = try object.choiceIfPresent(keys[.scrollDirection], as: Axis.self) ?? direction
        let contentSize = try object.decode(keys[.contentSize]) { v, p in
            try ScenarioDecoder.decodeSize(v, at: p, keys: LayoutFormats.contentSizeKeys)
        }
        let elements: [LayoutAttributes]
        let elementsKey = keys[.elements], fileKey = keys[.elementsFile], frameKey = keys[.frame]
        switch (object.value(elementsKey), object.value(fileKey)) {
        case (.some, .some):
            throw ValidationError(object.path(fileKey), "give either \"elements\" or \"elementsFile\", not both")
        case (nil, nil):
            throw ValidationError(object.path, "missing required key \"elements\" (or \"elementsFile\", a JSON or CSV file of elements)")
        case (.some, nil):
            if object.has(frameKey) {
                throw ValidationError(object.path(frameKey), "\"frame\" picks a frame of a CSV \"elementsFile\"; inline elements have none")
            }
            let list = try object.checked(elementsKey)!
            elements = try decodeElements(list, at: object.path(elementsKey))
            try checkList(elements, source: .inline(object.path(elementsKey)))
        case (nil, .some):
            let name = try object.string(fileKey.required)
            elements = try ElementsFile.read(
                name, at: object.path(fileKey), frame: try object.integerIfPresent(frameKey),
                frameKey: object.path(frameKey), files: files)
        }
        return CustomLayout(elements: elements, scrollDirection: direction, contentSize: contentSize)
    }

    /// Element objects from a JSON array at `path`.
    static func decodeElements(_ value: JSONValue, at path: JSONPath) throws -> [LayoutAttributes] {
        let list = try value.array(at: path)
        guard list.count <= ScenarioLimits.maxElements else {
            throw ValidationError(path, "\(list.count) elements is more than the limit of \(ScenarioLimits.maxElements)")
        }
        var elements: [LayoutAttributes] = []
        elements.reserveCapacity(list.count)
        for (k, entry) in list.enumerated() { elements.append(try decodeElement(entry, at: path.appending(k))) }
        return elements
    }

    /// One element object, read through `LayoutFormats.elementKeys`.
    static func decodeElement(_ value: JSONValue, at path: JSONPath) throws -> LayoutAttributes {
        let keys = LayoutFormats.elementKeys
        let object = try ObjectReader(value, at: path, format: LayoutFormats.element)
        let section = try object.integer(keys[.section])
        let item = try object.integer(keys[.item])
        let kind = try object.choice(keys[.kind], as: ElementKind.self)
        let frame = try object.decode(keys[.frame]) { v, p in
            let frameKeys = LayoutFormats.elementFrameKeys
            let reader = try ObjectReader(v, at: p, format: LayoutFormats.elementFrame)
            return Rect(
                x: try reader.number(frameKeys[.x]), y: try reader.number(frameKeys[.y]),
                width: try reader.number(frameKeys[.width]), height: try reader.number(frameKeys[.height]))
        }!
        let element = LayoutAttributes(
            key: ElementKey(section: section, kind: kind, item: item), frame: frame, angle: try object.number(keys[.angle]),
            alpha: try object.number(keys[.alpha]), zIndex: try object.integer(keys[.zIndex]))
        if let message = cellSizeProblem(element) { throw ValidationError(object.path(keys[.frame]), message) }
        return element
    }

    /// Cells become bodies under springy or gravity dynamics, and a body needs an area.
    static func cellSizeProblem(_ element: LayoutAttributes) -> String? {
        let size = element.frame.size
        guard element.key.kind == .cell, !(size.width > 0 && size.height > 0) else { return nil }
        return "cell \(element.key.section).\(element.key.item) is \(ScenarioDecoder.format(size.width))×\(ScenarioDecoder.format(size.height)) pt: a cell's width and height must be positive (UIKit Dynamics cannot move an item without area)"
    }

    /// The checks on the list as a whole: duplicates and gaps in item numbers.
    static func checkList(_ elements: [LayoutAttributes], source: ElementSource) throws {
        switch CustomLayout.problem(in: elements) {
        case nil:
            return
        case let .duplicate(first, second):
            let key = elements[second].key
            throw source.error(at: second, "\(key.kind.rawValue) \(key.section).\(key.item) appears twice (also \(source.place(of: first)))")
        case let .missingCell(section, missing, next):
            let item = elements[next].key.item
            throw source.error(
                at: next,
                "section \(section) has no cell \(missing), but has cell \(item): cells are numbered 0 … n − 1 without gaps\(source.gapHint)")
        }
    }
}

/// Where the elements of a custom layout were written, so messages point there.
enum ElementSource {
    /// Inline `elements` at this path.
    case inline(JSONPath)
    /// A JSON array in `file`, named by the `elementsFile` key at `key`.
    case jsonFile(key: JSONPath, file: String)
    /// Rows of a CSV `file`; `lines[k]` is element k's line.
    case csvFile(key: JSONPath, file: String, lines: [Int])

    /// "at layout.elements[3]", "at $[3]", "on line 7".
    func place(of k: Int) -> String {
        switch self {
        case .inline(let path): "at \(path.appending(k))"
        case .jsonFile: "at \(JSONPath.root.appending(k))"
        case .csvFile(_, _, let lines): "on line \(lines[k])"
        }
    }

    /// An error about element k.
    func error(at k: Int, _ message: String) -> ValidationError {
        switch self {
        case .inline(let path): ValidationError(path.appending(k), message)
        case .jsonFile(let key, let file): ValidationError(key, "\(file): \(JSONPath.root.appending(k)): \(message)")
        case .csvFile(let key, let file, let lines): ValidationError(key, "\(file): line \(lines[k]): \(message)")
        }
    }

    /// Rows written with `--items visible` leave out cells off screen.
    var gapHint: String {
        if case .csvFile = self { return " (write the CSV with --items all to get every cell)" }
        return ""
    }
}
