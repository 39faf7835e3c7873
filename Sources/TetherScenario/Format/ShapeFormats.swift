import TetherJSON

/// The small objects many keys share: points, vectors, sizes, insets, bounds, ranges, index paths.
public enum ShapeFormats {
    static let length = ScenarioLimits.maxLength

    /// {"x", "y"} with both coordinates within ±limit.
    static func vector(_ name: String, _ description: String, limit: Double, unit: String) -> ObjectFormat {
        ObjectFormat(name, description, keys: [
            FormatKey("x", .number(-limit...limit), required: true, unit: unit, "Horizontal component (+x to the right)."),
            FormatKey("y", .number(-limit...limit), required: true, unit: unit, "Vertical component (+y down, as in UIKit)."),
        ])
    }

    public static let point = vector("point", "A point or an offset, in points.", limit: length, unit: "pt")
    public static let velocity = vector("velocity", "A velocity, in points per second.", limit: ScenarioLimits.maxSpeed, unit: "pt/s")

    /// The keys of every table `vector` makes.
    public enum VectorKey: String, FormatKeyName { case x, y }
    public static let pointKeys = KeyTable<VectorKey>(point)
    public static let velocityKeys = KeyTable<VectorKey>(velocity)

    /// {"width", "height"}; positive sides, or (`allowZero`) non-negative ones.
    static func size(_ name: String, _ description: String, allowZero: Bool) -> ObjectFormat {
        let side: ValueFormat = allowZero ? .number(0...length) : .positive(max: length)
        return ObjectFormat(name, description, keys: [
            FormatKey("width", side, required: true, unit: "pt", "Width."),
            FormatKey("height", side, required: true, unit: "pt", "Height."),
        ])
    }

    public static let size = size("size", "A size with positive sides, in points.", allowZero: false)
    /// Header and footer reference sizes: 0 along the scroll axis means none.
    public static let referenceSize = size(
        "referenceSize", "A reference size, in points; a side of 0 along the scroll axis means there is no such element.",
        allowZero: true)

    /// The keys of every table `size` makes, and of a custom layout's content size.
    public enum SizeKey: String, FormatKeyName { case width, height }
    public static let sizeKeys = KeyTable<SizeKey>(size)
    public static let referenceSizeKeys = KeyTable<SizeKey>(referenceSize)

    public static let insets = ObjectFormat("insets", "Insets from each edge, in points; each side defaults to 0.", keys: [
        FormatKey("top", .number(0...length), default: 0, unit: "pt", "Inset from the top edge."),
        FormatKey("left", .number(0...length), default: 0, unit: "pt", "Inset from the left edge."),
        FormatKey("bottom", .number(0...length), default: 0, unit: "pt", "Inset from the bottom edge."),
        FormatKey("right", .number(0...length), default: 0, unit: "pt", "Inset from the right edge."),
    ])

    public enum InsetsKey: String, FormatKeyName { case top, left, bottom, right }
    public static let insetsKeys = KeyTable<InsetsKey>(insets)

    public static let bounds = ObjectFormat("bounds", "A rectangle: origin and positive size, in points.", keys: [
        FormatKey("x", .number(-length...length), required: true, unit: "pt", "Left edge."),
        FormatKey("y", .number(-length...length), required: true, unit: "pt", "Top edge."),
        FormatKey("width", .positive(max: length), required: true, unit: "pt", "Width."),
        FormatKey("height", .positive(max: length), required: true, unit: "pt", "Height."),
    ])

    public enum BoundsKey: String, FormatKeyName { case x, y, width, height }
    public static let boundsKeys = KeyTable<BoundsKey>(bounds)

    /// {"min", "max"} with min ≤ 0 ≤ max (checked by the decoder: the range must contain the start).
    static func range(_ name: String, _ description: String, limit: Double, unit: String) -> ObjectFormat {
        ObjectFormat(name, description, keys: [
            FormatKey("min", .number(-limit...0), required: true, unit: unit, "Lower limit, at most 0 (the starting position)."),
            FormatKey("max", .number(0...limit), required: true, unit: unit, "Upper limit, at least 0 (the starting position)."),
        ])
    }

    /// The keys of every table `range` makes.
    public enum RangeKey: String, FormatKeyName { case min, max }

    public static let itemPath = ObjectFormat("itemPath", "An index path: an item of a section, both counted from 0.", keys: [
        FormatKey("section", .integer(0...Int(Int32.max)), required: true, "Section, from 0."),
        FormatKey("item", .integer(0...Int(Int32.max)), required: true, "Item within the section, from 0."),
    ])

    public enum ItemPathKey: String, FormatKeyName { case section, item }
    public static let itemPathKeys = KeyTable<ItemPathKey>(itemPath)
}
