import TetherJSON
import TetherLayout

/// The keys of each event type (layout scenes and world scenes share one list; the decoders
/// refuse the other scene's types with a message saying so).
public enum EventFormats {
    static let frameCount = 1...ScenarioLimits.maxFrames

    public static let frame = FormatKey(
        "frame", .integer(0...Int(Int32.max)), required: true,
        "The frame before whose step the event applies (0 … frames − 1): its effect shows from frame + 1 on.")

    static func point(_ name: String, _ description: String) -> FormatKey {
        FormatKey(name, .object(ShapeFormats.point), required: true, description)
    }

    static let spread = FormatKey(
        "frames", .integer(frameCount), default: 1, "Spread the movement evenly over this many frames (it must end by the last frame).")

    /// The layout after a data-source update of a custom layout.
    static let layoutAfter = FormatKey(
        "layout", .object(LayoutFormats.customAfterUpdate),
        defaultNote: "the layout stays (only when the cells per section do)",
        "Custom layouts only: the layout after the update, whose cells per section must agree with it.")

    static func itemPaths(_ name: String, required: Bool, _ description: String) -> FormatKey {
        FormatKey(name, .list(of: .object(ShapeFormats.itemPath)), required: required, default: required ? nil : [], description)
    }

    public static let move = ObjectFormat("move", "One move of a batch update.", keys: [
        FormatKey("from", .object(ShapeFormats.itemPath), required: true, "Where the item is before the update."),
        FormatKey("to", .object(ShapeFormats.itemPath), required: true, "Where it is after the update."),
    ])

    /// Types that apply to layout scenes, in the order the reference lists them.
    public static let layoutVariants: [UnionFormat.Variant] = [
        .init("touchDown", "A finger lands; its content location is point + contentOffset.", keys: [
            point("point", "Where the finger lands, in viewport coordinates."),
        ]),
        .init("drag", "The finger moves; the content scrolls with it (contentOffset −= by), so the finger's content location stays put.", keys: [
            point("by", "How far the finger moves, in viewport points."), spread,
        ]),
        .init("touchUp", "The finger lifts; with a velocity the content decelerates like UIScrollView.", keys: [
            FormatKey(
                "velocity", .object(ShapeFormats.velocity),
                "The finger's velocity at release, viewport pt/s; the content then moves at −velocity and decelerates."),
        ]),
        .init("scroll", "A programmatic change of the content offset, without a finger.", keys: [
            point("by", "How far the content offset moves."), spread,
        ]),
        .init("scrollTo", "A programmatic jump of the content offset.", keys: [
            point("offset", "The new content offset, within 0 … contentSize − viewport."),
        ]),
        .init("fling", "A deceleration without a finger.", keys: [
            FormatKey("velocity", .object(ShapeFormats.velocity), required: true, "Content offset velocity, pt/s."),
            FormatKey(
                "rate", .number(0.5...0.9999), default: 0.998,
                "Deceleration rate: the velocity is multiplied by it every millisecond (UIScrollView's normal rate is 0.998)."),
        ]),
        .init("set", "Changes a parameter during the run: in layout scenes one of \(DynamicsFormats.settable.map(\.path).joined(separator: ", ")); in world scenes behaviors.<id>.<key>.", keys: [
            FormatKey("path", .text, required: true, "The value to change, e.g. \"dynamics.spring.damping\" or \"behaviors.g.magnitude\"."),
            FormatKey("value", .anyValue, required: true, "The new value, checked as if written in the file."),
        ]),
        .init("insert", "Inserts items (a data-source update; flow and custom layouts).", keys: [
            itemPaths("items", required: true, "Index paths after the update."), layoutAfter,
        ]),
        .init("delete", "Deletes items (a data-source update; flow and custom layouts).", keys: [
            itemPaths("items", required: true, "Index paths before the update."), layoutAfter,
        ]),
        .init("move", "Moves one item (a data-source update; flow and custom layouts).", keys: [
            FormatKey("from", .object(ShapeFormats.itemPath), required: true, "Index path before the update."),
            FormatKey("to", .object(ShapeFormats.itemPath), required: true, "Index path after the update."),
            layoutAfter,
        ]),
        .init("batch", "One performBatchUpdates: deletes and move sources name index paths before it, inserts and move destinations after it.", keys: [
            itemPaths("deletes", required: false, "Items deleted (index paths before the update)."),
            itemPaths("inserts", required: false, "Items inserted (index paths after the update)."),
            FormatKey("moves", .list(of: .object(move)), default: [], "Items moved."),
            layoutAfter,
        ]),
        .init("beginMove", "Drag to reorder: a long press lifts a cell (springy dynamics only).", keys: [
            FormatKey("item", .object(ShapeFormats.itemPath), required: true, "The cell lifted."),
            point("point", "Where the finger presses, in viewport coordinates."),
        ]),
        .init("updateMove", "Drag to reorder: the lifting finger moves.", keys: [
            point("point", "Where the finger moves to, in viewport coordinates."), spread,
        ]),
        .init("endMove", "Drag to reorder: the cell drops into the slot nearest the finger (a move update)."),
        .init("cancelMove", "Drag to reorder: the cell returns; the order does not change."),
    ]

    /// Types that apply to world scenes only (`set` is shared and listed above).
    public static let worldVariants: [UnionFormat.Variant] = [
        .init("addBehavior", "Adds a behavior to the animator.", keys: [
            FormatKey("behavior", .union(WorldFormats.behavior), required: true, "The behavior, as in world.behaviors."),
        ]),
        .init("removeBehavior", "Removes a behavior from the animator.", keys: [
            FormatKey("id", .text, required: true, "The id of a behavior present at that frame."),
        ]),
    ]

    public static let union = UnionFormat(
        "event", "One event of the script.", tag: "type", tagDescription: "What happens.", common: [frame],
        variants: layoutVariants + worldVariants)

    /// Event types of layout scenes and of world scenes.
    public static let layoutTypes = layoutVariants.map(\.tag)
    public static let worldTypes = worldVariants.map(\.tag) + ["set"]
}
