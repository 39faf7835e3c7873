import TetherJSON
import TetherLayout

/// The layout types a scenario's `"layout"` may name: the one place a layout type registers.
///
/// An entry is the type's key table (its `UnionFormat.Variant`: tag, description, keys), the hint
/// given when one of its keys turns up in another type's layout, and its decoder. The decoder
/// (`LayoutDecoder`), the JSON Schema and the format reference all read this list, so a new
/// type added here is checked, schemed and documented at once.
public struct LayoutType: Sendable {
    public var variant: UnionFormat.Variant
    /// Completes "KEY belongs to NAME layouts; …": what this type has instead.
    var hint: String
    /// Builds the layout from an object whose keys have been checked against `variant`; files the
    /// layout names (a custom layout's `elementsFile`) are read through `files`.
    var decode: @Sendable (_ object: ObjectReader, _ viewport: Size, _ files: ScenarioFiles) throws -> any CollectionLayout

    public var name: String { variant.tag }
}

public enum LayoutTypes {
    public static let all: [LayoutType] = [
        LayoutType(
            variant: LayoutFormats.flow, hint: "a flow layout has \"itemSize\"/\"itemSizes\"",
            decode: { object, viewport, _ in try LayoutDecoder.decodeFlow(object, viewport: viewport) }),
        LayoutType(
            variant: LayoutFormats.waterfall, hint: "a waterfall has \"itemHeights\", \"columnSpacing\" and \"lineSpacing\"",
            decode: { object, viewport, _ in try LayoutDecoder.decodeWaterfall(object, viewport: viewport) }),
        LayoutType(
            variant: LayoutFormats.custom, hint: "a custom layout lists its \"elements\" (or names an \"elementsFile\")",
            decode: { object, _, files in try CustomLayoutDecoder.decode(object, keys: LayoutFormats.customKeys, files: files) }),
    ]

    /// The `"layout"` object: one of the registered types, told apart by `"type"`.
    public static let union = UnionFormat(
        "layout", "The collection-view layout: where every cell, header, footer and decoration sits before any dynamics.",
        tag: "type", tagDescription: "The layout type.", variants: all.map(\.variant))

    static func type(named name: String) -> LayoutType? {
        all.first { $0.name == name }
    }
}

/// The keys of the bundled layout types; keys both types have are written once.
public enum LayoutFormats {
    static let length = ScenarioLimits.maxLength

    public static let sections = FormatKey(
        "sections", .array(of: .integer(0...ScenarioLimits.maxItemsPerSection), count: 0...ScenarioLimits.maxSections, unique: false),
        required: true, "Item count per section (at most 1 000 000 items in all).")
    public static let sectionInset = FormatKey(
        "sectionInset", .object(ShapeFormats.insets), default: ["top": 0, "left": 0, "bottom": 0, "right": 0],
        "Space around each section's items, inside its header and footer.")
    public static let headerSize = FormatKey(
        "headerSize", .object(ShapeFormats.referenceSize), default: ["width": 0, "height": 0],
        "Reference size of each section's header (its extent along the scroll axis; it spans the viewport across). 0 = no header.")
    public static let footerSize = FormatKey(
        "footerSize", .object(ShapeFormats.referenceSize), default: ["width": 0, "height": 0],
        "Reference size of each section's footer. 0 = no footer.")
    public static let pinHeaders = FormatKey(
        "pinHeaders", .boolean, default: false,
        "Headers stick to the top of the viewport while their section covers it (UIKit's sectionHeadersPinToVisibleBounds).")
    public static let sectionBackground = FormatKey(
        "sectionBackground", .boolean, default: false,
        "Adds one decoration element (item 0, zIndex −1) per section behind its items: the band from header to footer, the viewport across.")

    static func spacing(_ name: String, _ description: String) -> FormatKey {
        FormatKey(name, .number(0...length), default: 10, unit: "pt", description)
    }

    public static let flow = UnionFormat.Variant(
        "flow", "UICollectionViewFlowLayout: items fill lines across the scroll axis; sections one after another.",
        keys: [
            FormatKey(
                "scrollDirection", .choice(Axis.allCases.map(\.rawValue)), default: .string(Axis.vertical.rawValue),
                "The axis the content scrolls along."),
            sections,
            FormatKey("itemSize", .object(ShapeFormats.size), default: ["width": 50, "height": 50], "Size of every item without an entry in \"itemSizes\"."),
            FormatKey(
                "itemSizes", .list(of: .list(of: .object(ShapeFormats.size))),
                "One size per item of every section ([[…], […]], matching \"sections\"); overrides \"itemSize\"."),
            spacing("minimumLineSpacing", "Space between lines (along the scroll axis)."),
            spacing("minimumInteritemSpacing", "Least space between items of one line."),
            sectionInset, headerSize, footerSize, pinHeaders, sectionBackground,
        ])

    public enum FlowKey: String, FormatKeyName {
        case scrollDirection, sections, itemSize, itemSizes, minimumLineSpacing, minimumInteritemSpacing
        case sectionInset, headerSize, footerSize, pinHeaders, sectionBackground
    }
    public static let flowKeys = KeyTable<FlowKey>(flow, of: LayoutTypes.union.name)

    public static let waterfall = UnionFormat.Variant(
        "waterfall", "A waterfall (masonry) layout: equal-width columns, each item under the shortest column, ties to the leftmost. Scrolls vertically only.",
        keys: [
            FormatKey(
                "scrollDirection", .choice([Axis.vertical.rawValue]), default: .string(Axis.vertical.rawValue),
                "Waterfalls scroll vertically only."),
            sections,
            FormatKey("columns", .integer(1...LayoutDecoder.maxColumns), default: 2, "Number of columns."),
            FormatKey(
                "itemHeights", .list(of: .list(of: .positive(max: length))), required: true, unit: "pt",
                "One height per item of every section ([[…], […]], matching \"sections\"); the width is the column's."),
            spacing("columnSpacing", "Space between columns."),
            spacing("lineSpacing", "Space between consecutive items of a column."),
            sectionInset, headerSize, footerSize, pinHeaders, sectionBackground,
        ])

    public enum WaterfallKey: String, FormatKeyName {
        case scrollDirection, sections, columns, itemHeights, columnSpacing, lineSpacing
        case sectionInset, headerSize, footerSize, pinHeaders, sectionBackground
    }
    public static let waterfallKeys = KeyTable<WaterfallKey>(waterfall, of: LayoutTypes.union.name)

    // MARK: Custom layouts

    static let contentLength = ScenarioLimits.maxContentLength

    /// An element's untransformed rectangle: origin and bounds size.
    public static let elementFrame = ObjectFormat(
        "elementFrame", "An element's rectangle before its angle turns it about its center: origin and bounds size, in content coordinates.",
        keys: [
            FormatKey("x", .number(-contentLength...contentLength), required: true, unit: "pt", "Left edge."),
            FormatKey("y", .number(-contentLength...contentLength), required: true, unit: "pt", "Top edge."),
            FormatKey("width", .number(0...length), required: true, unit: "pt", "Width (a cell's must be positive)."),
            FormatKey("height", .number(0...length), required: true, unit: "pt", "Height (a cell's must be positive)."),
        ])

    public enum ElementFrameKey: String, FormatKeyName { case x, y, width, height }
    public static let elementFrameKeys = KeyTable<ElementFrameKey>(elementFrame)

    /// One element of a custom layout: a UICollectionViewLayoutAttributes.
    public static let element = ObjectFormat(
        "layoutElement", "One element of a custom layout, as its UICollectionViewLayoutAttributes say. Cells of each section are numbered 0 … n − 1 without gaps; no two elements share a kind and index path.",
        keys: [
            FormatKey("section", .integer(0...(ScenarioLimits.maxSections - 1)), required: true, "Section, from 0."),
            FormatKey(
                "item", .integer(0...(ScenarioLimits.maxItemsPerSection - 1)), required: true,
                "Item within the section, from 0 (headers, footers and decorations may use any number)."),
            FormatKey(
                "kind", .choice([ElementKind.cell, .header, .footer, .decoration].map(\.rawValue)), default: .string(ElementKind.cell.rawValue),
                "What the element is: a cell (sprung by springy dynamics), a supplementary header or footer, or a decoration."),
            FormatKey("frame", .object(elementFrame), required: true, "Where the element is and its size."),
            FormatKey("zIndex", .integer(Int(Int32.min)...Int(Int32.max)), default: 0, "Drawing order: higher is drawn over lower."),
            FormatKey("alpha", .number(0...1), default: 1, "Opacity."),
            FormatKey(
                "angle", .number(-ScenarioLimits.maxAngle...ScenarioLimits.maxAngle), default: 0, unit: "rad",
                "Turn about the frame's center (the transform's rotation), within one turn either way."),
        ])

    public enum LayoutElementKey: String, FormatKeyName { case section, item, kind, frame, zIndex, alpha, angle }
    public static let elementKeys = KeyTable<LayoutElementKey>(element)

    public static let contentSize = ObjectFormat("contentSize", "The size of the scrollable content, in points.", keys: [
        FormatKey("width", .number(0...contentLength), required: true, unit: "pt", "Width."),
        FormatKey("height", .number(0...contentLength), required: true, unit: "pt", "Height."),
    ])

    public static let contentSizeKeys = KeyTable<ShapeFormats.SizeKey>(contentSize)

    /// The keys of a custom layout besides its type, shared with the layout an update gives.
    static func customLayoutKeys(scrollDirection: FormatKey) -> [FormatKey] {
        [
            scrollDirection,
            FormatKey(
                "contentSize", .object(contentSize), defaultNote: "the union of the frames: the largest x and y any element reaches",
                "The scrollable size."),
            FormatKey(
                "elements", .array(of: .object(element), count: 0...ScenarioLimits.maxElements, unique: false),
                "The elements, in any order (give \"elements\" or \"elementsFile\")."),
            FormatKey(
                "elementsFile", .filePath,
                "A file of elements, relative to the scenario file's folder: a JSON array of element objects, or CSV as `tether run` prints it (give \"elements\" or \"elementsFile\")."),
            FormatKey(
                "frame", .integer(0...Int(Int32.max)), defaultNote: "the file's first frame",
                "With a CSV \"elementsFile\": the frame whose rows are the elements (viewport rows are skipped)."),
        ]
    }

    /// Elements inline or from a file, and a frame only of a file.
    static func customRules<Name: CustomLayoutKeyName>(_: Name.Type) -> [KeyRule] {
        [.exactlyOne(Name.elements, .elementsFile), .requires(Name.frame, .elementsFile)]
    }

    public static let custom = UnionFormat.Variant(
        "custom", "Any UICollectionViewLayout, given by the attributes its prepare() computed: every cell, header, footer and decoration with its frame, zIndex, alpha and angle.",
        keys: customLayoutKeys(scrollDirection: FormatKey(
            "scrollDirection", .choice(Axis.allCases.map(\.rawValue)), default: .string(Axis.vertical.rawValue),
            "The axis the content scrolls along.")),
        rules: customRules(CustomKey.self))

    public enum CustomKey: String, CustomLayoutKeyName { case scrollDirection, contentSize, elements, elementsFile, frame }
    public static let customKeys = KeyTable<CustomKey>(custom, of: LayoutTypes.union.name)

    /// The layout a data-source update of a custom layout gives: the layout after it.
    public static let customAfterUpdate = ObjectFormat(
        "layoutAfterUpdate", "The custom layout after a data-source update: its cells per section must be what the data source holds after the update.",
        keys: [FormatKey("type", .choice([custom.tag]), required: true, "Always \"custom\".")]
            + customLayoutKeys(scrollDirection: FormatKey(
                "scrollDirection", .choice(Axis.allCases.map(\.rawValue)), defaultNote: "the scenario layout's; it may not differ",
                "The axis the content scrolls along.")),
        rules: customRules(LayoutAfterUpdateKey.self))

    public enum LayoutAfterUpdateKey: String, CustomLayoutKeyName {
        case type, scrollDirection, contentSize, elements, elementsFile, frame
    }
    public static let customAfterUpdateKeys = KeyTable<LayoutAfterUpdateKey>(customAfterUpdate)
}

/// The names a custom layout's table and the table of the layout an update gives share, so one
/// decoder reads both (an enumeration's cases stand for these requirements).
public protocol CustomLayoutKeyName: FormatKeyName {
    static var scrollDirection: Self { get }
    static var contentSize: Self { get }
    static var elements: Self { get }
    static var elementsFile: Self { get }
    static var frame: Self { get }
}
