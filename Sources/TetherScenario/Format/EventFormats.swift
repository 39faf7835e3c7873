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

    public enum MoveKey: String, FormatKeyName { case from, to }
    public static let moveKeys = KeyTable<MoveKey>(move)

    // MARK: Layout scenes

    public static let touchDown = UnionFormat.Variant("touchDown", "A finger lands; its content location is point + contentOffset.", keys: [
        point("point", "Where the finger lands, in viewport coordinates."),
    ])
    public enum TouchDownKey: String, FormatKeyName { case point }
    public static let touchDownKeys = KeyTable<TouchDownKey>(touchDown, of: union.name)

    public static let drag = UnionFormat.Variant(
        "drag", "The finger moves; the content scrolls with it (contentOffset −= by), so the finger's content location stays put.", keys: [
            point("by", "How far the finger moves, in viewport points."), spread,
        ])
    public enum DragKey: String, FormatKeyName { case by, frames }
    public static let dragKeys = KeyTable<DragKey>(drag, of: union.name)

    public static let touchUp = UnionFormat.Variant("touchUp", "The finger lifts; with a velocity the content decelerates like UIScrollView.", keys: [
        FormatKey(
            "velocity", .object(ShapeFormats.velocity),
            "The finger's velocity at release, viewport pt/s; the content then moves at −velocity and decelerates."),
    ])
    public enum TouchUpKey: String, FormatKeyName { case velocity }
    public static let touchUpKeys = KeyTable<TouchUpKey>(touchUp, of: union.name)

    public static let scroll = UnionFormat.Variant("scroll", "A programmatic change of the content offset, without a finger.", keys: [
        point("by", "How far the content offset moves."), spread,
    ])
    public enum ScrollKey: String, FormatKeyName { case by, frames }
    public static let scrollKeys = KeyTable<ScrollKey>(scroll, of: union.name)

    public static let scrollTo = UnionFormat.Variant("scrollTo", "A programmatic jump of the content offset.", keys: [
        point("offset", "The new content offset, within 0 … contentSize − viewport."),
    ])
    public enum ScrollToKey: String, FormatKeyName { case offset }
    public static let scrollToKeys = KeyTable<ScrollToKey>(scrollTo, of: union.name)

    public static let fling = UnionFormat.Variant("fling", "A deceleration without a finger.", keys: [
        FormatKey("velocity", .object(ShapeFormats.velocity), required: true, "Content offset velocity, pt/s."),
        FormatKey(
            "rate", .number(0.5...0.9999), default: 0.998,
            "Deceleration rate: the velocity is multiplied by it every millisecond (UIScrollView's normal rate is 0.998)."),
    ])
    public enum FlingKey: String, FormatKeyName { case velocity, rate }
    public static let flingKeys = KeyTable<FlingKey>(fling, of: union.name)

    /// Shared by both kinds of scene.
    public static let set = UnionFormat.Variant(
        "set", "Changes a parameter during the run: in layout scenes one of \(DynamicsFormats.settable.map(\.path).joined(separator: ", ")); in world scenes behaviors.<id>.<key>.", keys: [
            FormatKey("path", .text, required: true, "The value to change, e.g. \"dynamics.spring.damping\" or \"behaviors.g.magnitude\"."),
            FormatKey("value", .anyValue, required: true, "The new value, checked as if written in the file."),
        ])
    public enum SetKey: String, FormatKeyName { case path, value }
    public static let setKeys = KeyTable<SetKey>(set, of: union.name)

    public static let insert = UnionFormat.Variant("insert", "Inserts items (a data-source update; flow and custom layouts).", keys: [
        itemPaths("items", required: true, "Index paths after the update."), layoutAfter,
    ])
    public enum InsertKey: String, FormatKeyName { case items, layout }
    public static let insertKeys = KeyTable<InsertKey>(insert, of: union.name)

    public static let delete = UnionFormat.Variant("delete", "Deletes items (a data-source update; flow and custom layouts).", keys: [
        itemPaths("items", required: true, "Index paths before the update."), layoutAfter,
    ])
    public enum DeleteKey: String, FormatKeyName { case items, layout }
    public static let deleteKeys = KeyTable<DeleteKey>(delete, of: union.name)

    /// The `move` event (`move` above is one move of a batch).
    public static let moveEvent = UnionFormat.Variant("move", "Moves one item (a data-source update; flow and custom layouts).", keys: [
        FormatKey("from", .object(ShapeFormats.itemPath), required: true, "Index path before the update."),
        FormatKey("to", .object(ShapeFormats.itemPath), required: true, "Index path after the update."),
        layoutAfter,
    ])
    public enum MoveEventKey: String, FormatKeyName { case from, to, layout }
    public static let moveEventKeys = KeyTable<MoveEventKey>(moveEvent, of: union.name)

    public static let batch = UnionFormat.Variant(
        "batch", "One performBatchUpdates: deletes and move sources name index paths before it, inserts and move destinations after it.", keys: [
            itemPaths("deletes", required: false, "Items deleted (index paths before the update)."),
            itemPaths("inserts", required: false, "Items inserted (index paths after the update)."),
            FormatKey("moves", .list(of: .object(move)), default: [], "Items moved."),
            layoutAfter,
        ])
    public enum BatchKey: String, FormatKeyName { case deletes, inserts, moves, layout }
    public static let batchKeys = KeyTable<BatchKey>(batch, of: union.name)

    public static let beginMove = UnionFormat.Variant("beginMove", "Drag to reorder: a long press lifts a cell (springy dynamics only).", keys: [
        FormatKey("item", .object(ShapeFormats.itemPath), required: true, "The cell lifted."),
        point("point", "Where the finger presses, in viewport coordinates."),
    ])
    public enum BeginMoveKey: String, FormatKeyName { case item, point }
    public static let beginMoveKeys = KeyTable<BeginMoveKey>(beginMove, of: union.name)

    public static let updateMove = UnionFormat.Variant("updateMove", "Drag to reorder: the lifting finger moves.", keys: [
        point("point", "Where the finger moves to, in viewport coordinates."), spread,
    ])
    public enum UpdateMoveKey: String, FormatKeyName { case point, frames }
    public static let updateMoveKeys = KeyTable<UpdateMoveKey>(updateMove, of: union.name)

    public static let endMove = UnionFormat.Variant("endMove", "Drag to reorder: the cell drops into the slot nearest the finger (a move update).")
    public static let cancelMove = UnionFormat.Variant("cancelMove", "Drag to reorder: the cell returns; the order does not change.")

    /// Types that apply to layout scenes, in the order the reference lists them.
    public static let layoutVariants: [UnionFormat.Variant] = [
        touchDown, drag, touchUp, scroll, scrollTo, fling, set, insert, delete, moveEvent, batch, beginMove, updateMove, endMove,
        cancelMove,
    ]

    // MARK: World scenes

    public static let addBehavior = UnionFormat.Variant("addBehavior", "Adds a behavior to the animator.", keys: [
        FormatKey("behavior", .union(WorldFormats.behavior), required: true, "The behavior, as in world.behaviors."),
    ])
    public enum AddBehaviorKey: String, FormatKeyName { case behavior }
    public static let addBehaviorKeys = KeyTable<AddBehaviorKey>(addBehavior, of: union.name)

    public static let removeBehavior = UnionFormat.Variant("removeBehavior", "Removes a behavior from the animator.", keys: [
        FormatKey("id", .text, required: true, "The id of a behavior present at that frame."),
    ])
    public enum RemoveBehaviorKey: String, FormatKeyName { case id }
    public static let removeBehaviorKeys = KeyTable<RemoveBehaviorKey>(removeBehavior, of: union.name)

    /// Types that apply to world scenes only (`set` is shared and listed above).
    public static let worldVariants: [UnionFormat.Variant] = [addBehavior, removeBehavior]

    public static let union = UnionFormat(
        "event", "One event of the script.", tag: "type", tagDescription: "What happens.", common: [frame],
        variants: layoutVariants + worldVariants)

    /// Event types of layout scenes and of world scenes.
    public static let layoutTypes = layoutVariants.map(\.tag)
    public static let worldTypes = worldVariants.map(\.tag) + [set.tag]
}
