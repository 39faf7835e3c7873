import TetherJSON
import TetherPhysics

/// The top of a scenario file, its clock and its output settings, and the list of every format
/// the file may contain (for the schema and the reference).
public enum ScenarioFormat {
    public static let clock = ObjectFormat("clock", "How time is cut: output frames per second and physics substeps per frame.", keys: [
        FormatKey(
            "hz", .integer(1...ScenarioLimits.maxHz), default: .number(Double(Scenario.Clock().hz)), unit: "frames/s",
            "Output frames per second; a frame lasts 1/hz s."),
        FormatKey(
            "substeps", .integer(1...ScenarioLimits.maxSubsteps), default: .number(Double(Scenario.Clock().substeps)),
            "Physics substeps per frame (ignored by the \"uikit\" solver, which steps once per frame)."),
    ])

    public enum ClockKey: String, FormatKeyName { case hz, substeps }
    public static let clockKeys = KeyTable<ClockKey>(clock)

    public static let output = ObjectFormat("output", "What `tether run` prints by default (its command-line options override both).", keys: [
        FormatKey(
            "items", .choice(Scenario.ItemSelection.allCases.map(\.rawValue)),
            default: .string(Scenario.OutputOptions().items.rawValue),
            "\"visible\": the elements that meet the viewport at each frame (world scenes: the reference bounds); \"all\": every element."),
        FormatKey(
            "every", .integer(1...ScenarioLimits.maxFrames), default: .number(Double(Scenario.OutputOptions().every)),
            "Print frame 0 and every frame whose number is a multiple of this."),
    ])

    public enum OutputKey: String, FormatKeyName { case items, every }
    public static let outputKeys = KeyTable<OutputKey>(output)

    /// Keys that only make sense with a layout.
    public static let layoutOnlyKeys: [RootKey] = [.viewport, .contentOffset, .dynamics]

    public static let root = ObjectFormat(
        "scenario", "A Tether scenario: a collection-view layout with dynamics (\"layout\") or a UIKit Dynamics world (\"world\"), a clock, and a script of events.",
        keys: [
            FormatKey("$schema", .text, "Where editors find this file's JSON Schema (e.g. \"../schema/scenario.schema.json\"). Tether ignores it."),
            FormatKey(
                "name", .fileName(maxLength: ScenarioLimits.maxNameLength), required: true,
                "The scenario's name: 1 to 100 characters of A-Z, a-z, 0-9, '-' and '_'. The golden file is golden/NAME.csv."),
            FormatKey("description", .text, "Free text: what a person would see."),
            FormatKey("clock", .object(clock), defaultNote: "{\"hz\": 60, \"substeps\": 4}", "Output frames per second and physics substeps per frame."),
            FormatKey(
                "frames", .integer(1...ScenarioLimits.maxFrames), required: true,
                "Frames simulated after frame 0 (the state before any step); the output has frames 0 … frames."),
            FormatKey(
                "seed", .integer(0...Int(Int32.max)),
                "Seed for content the scenario asks to randomize. Kept but unused: nothing in this version draws random numbers."),
            FormatKey(
                "solver", .choice(SolverKind.allCases.map(\.rawValue)), default: .string(SolverKind.accurate.rawValue),
                "\"accurate\": Box2D v3's soft step with trapezoidal springs and substeps; \"uikit\": Box2D 2.3 at one step per frame, what UIKit Dynamics runs."),
            FormatKey(
                "viewport", .object(ShapeFormats.size),
                "The collection view's visible size (required with \"layout\")."),
            FormatKey(
                "contentOffset", .object(ShapeFormats.point), default: ["x": 0, "y": 0],
                "The initial scroll position, within 0 … contentSize − viewport on each axis."),
            FormatKey("layout", .union(LayoutTypes.union), "The collection-view layout (give \"layout\" or \"world\")."),
            FormatKey(
                "dynamics", .union(DynamicsFormats.union), default: ["type": "none"],
                "The dynamics over the layout (layout scenes only)."),
            FormatKey("world", .object(WorldFormats.world), "Free items and UIKit Dynamics behaviors, without a layout (give \"layout\" or \"world\")."),
            FormatKey(
                "events", .list(of: .union(EventFormats.union)), default: [],
                "The script: touches, scrolls, data-source updates, parameter changes, behaviors added and removed."),
            FormatKey("output", .object(output), defaultNote: "{\"items\": \"visible\", \"every\": 1}", "What `tether run` prints by default."),
        ],
        rules: [
            .exactlyOne(RootKey.layout, .world),
            .requires(RootKey.layout, .viewport),
            .excludes(RootKey.world, layoutOnlyKeys),
        ])

    public enum RootKey: String, FormatKeyName {
        case schema = "$schema"
        case name, description, clock, frames, seed, solver, viewport, contentOffset, layout, dynamics, world, events, output
    }
    public static let rootKeys = KeyTable<RootKey>(root)

    /// Every object and union format, in the order the reference lists them.
    public static var all: [ValueFormat] {
        [
            .object(root), .object(clock), .object(output),
            .union(LayoutTypes.union), .object(LayoutFormats.element), .object(LayoutFormats.elementFrame),
            .object(LayoutFormats.contentSize), .union(DynamicsFormats.union), .object(DynamicsFormats.spring),
            .object(DynamicsFormats.nearRestDamping), .object(DynamicsFormats.rope),
            .union(EventFormats.union), .object(EventFormats.move), .object(LayoutFormats.customAfterUpdate),
            .object(WorldFormats.world), .object(WorldFormats.item), .union(WorldFormats.behavior),
            .union(WorldFormats.attachment), .object(WorldFormats.boundary),
            .object(ShapeFormats.point), .object(ShapeFormats.velocity), .object(ShapeFormats.size),
            .object(ShapeFormats.referenceSize), .object(ShapeFormats.insets), .object(ShapeFormats.bounds),
            .object(ShapeFormats.itemPath), .object(WorldFormats.gravityVector), .object(WorldFormats.pushVector),
            .object(WorldFormats.angleRange), .object(WorldFormats.lengthRange),
        ]
    }
}
