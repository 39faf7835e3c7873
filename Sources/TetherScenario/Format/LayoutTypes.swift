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
    /// Builds the layout from an object whose keys have been checked against `variant`.
    var decode: @Sendable (_ object: ObjectReader, _ viewport: Size) throws -> any CollectionLayout

    public var name: String { variant.tag }
}

public enum LayoutTypes {
    public static let all: [LayoutType] = [
        LayoutType(
            variant: LayoutFormats.flow, hint: "a flow layout has \"itemSize\"/\"itemSizes\"",
            decode: { object, viewport in try LayoutDecoder.decodeFlow(object, viewport: viewport) }),
        LayoutType(
            variant: LayoutFormats.waterfall, hint: "a waterfall has \"itemHeights\", \"columnSpacing\" and \"lineSpacing\"",
            decode: { object, viewport in try LayoutDecoder.decodeWaterfall(object, viewport: viewport) }),
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
}
