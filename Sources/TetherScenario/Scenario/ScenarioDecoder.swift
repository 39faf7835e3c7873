import TetherJSON
import TetherLayout
import TetherPhysics

/// Turns a parsed scenario document into a `Scenario`, rejecting anything the format reference
/// (docs/scenario-format.md) does not allow with a `ValidationError` at the offending JSON path.
/// Keys, types, ranges and defaults come from the key tables (`ScenarioFormat` and its kin).
public enum ScenarioDecoder {
    static let keys = ScenarioFormat.rootKeys

    /// `files` finds the files the scenario names (a custom layout's `elementsFile`).
    public static func decode(_ document: JSONValue, files: ScenarioFiles = ScenarioFiles(directory: ".")) throws -> Scenario {
        let root = JSONPath.root
        let object = try ObjectReader(document, at: root, format: ScenarioFormat.root)
        let name = try object.string(keys[.name])
        let description = try object.stringIfPresent(keys[.description])
        let clock = try object.decode(keys[.clock], decodeClock) ?? Scenario.Clock()
        let frames = try object.integer(keys[.frames])
        let seed = try object.integerIfPresent(keys[.seed]).map { UInt64($0) }
        let solver = try object.choice(keys[.solver], as: SolverKind.self)
        let output = try object.decode(keys[.output], decodeOutput) ?? Scenario.OutputOptions()
        var scenario = Scenario(
            name: name, description: description, clock: clock, frames: frames, seed: seed,
            scene: .world(WorldScene(bounds: (.zero, .zero), items: [], behaviors: [])), events: [], output: output)
        scenario.solver = solver
        scenario.namedFiles = files.named(in: document)
        switch (object.value(keys[.layout]), object.value(keys[.world])) {
        case (.some, .some):
            throw ValidationError(object.path(keys[.world]), "give either \"layout\" or \"world\", not both")
        case (nil, nil):
            throw ValidationError(root, "missing required key \"layout\" (a collection view) or \"world\" (free items)")
        case (.some, nil):
            let scene = try decodeLayoutScene(object, files: files)
            scenario.scene = .layout(scene)
            if let events = try object.checked(keys[.events]) {
                let decoded = try EventDecoder.decode(
                    events, at: object.path(keys[.events]), scenario: scenario, scene: scene, files: files)
                scenario.events = decoded.events
                scenario.scene = .layout(decoded.scene)
            }
        case (nil, .some):
            for name in ScenarioFormat.layoutOnlyKeys where object.has(keys[name]) {
                throw ValidationError(
                    object.path(keys[name]), "\(MessageText.quoted(name.rawValue)) belongs to layout scenes; a world scene has \"world.bounds\"")
            }
            let world = try object.checked(keys[.world])!
            let (scene, sources) = try WorldDecoder.decodeWithSources(world, at: object.path(keys[.world]))
            scenario.scene = .world(scene)
            if let events = try object.checked(keys[.events]) {
                scenario.events = try decodeWorldEvents(
                    events, at: object.path(keys[.events]), scene: scene, sources: sources, frames: frames)
            }
        }
        return scenario
    }

    static func decodeLayoutScene(_ object: ObjectReader, files: ScenarioFiles) throws -> LayoutScene {
        let viewport = try object.decode(keys[.viewport].required) { value, path in try decodeSize(value, at: path) }!
        let layout = try object.decode(keys[.layout]) { value, path in
            try LayoutDecoder.decode(value, at: path, viewport: viewport, files: files)
        }!
        let contentOffset = try object.decode(keys[.contentOffset]) { value, path in
            try decodeOffset(value, at: path, layout: layout, viewport: viewport)
        }!
        let dynamicsDocument = try object.checked(keys[.dynamics])!
        let dynamics = try DynamicsDecoder.decode(dynamicsDocument, at: object.path(keys[.dynamics]))
        if case .gravity = dynamics { try checkDropInList(layout, dynamics: dynamicsDocument, in: object) }
        return LayoutScene(viewport: viewport, contentOffset: contentOffset, layout: layout, dynamics: dynamics)
    }

    /// The drop-in list starts empty; a custom layout gives the items' sizes, not `itemSize`.
    static func checkDropInList(_ layout: any CollectionLayout, dynamics: JSONValue, in object: ObjectReader) throws {
        let custom = layout is CustomLayout
        if let section = layout.sections.firstIndex(where: { $0 > 0 }) {
            throw ValidationError(
                custom ? object.path(keys[.layout]) : object.path(keys[.layout]).appending(LayoutFormats.sections).appending(section),
                "the drop-in list (gravity dynamics) starts empty, as the demo does: items arrive by insert events; "
                    + (custom ? "give it no cells (section \(section) has \(layout.sections[section]))" : "make every section 0"))
        }
        let itemSize = DynamicsFormats.gravityKeys[.itemSize]
        if custom, case .object(let dynamicsObject) = dynamics, dynamicsObject[itemSize.name] != nil {
            throw ValidationError(
                object.path(keys[.dynamics]).appending(itemSize),
                "with a custom layout each inserted item takes the size of its cell in the layout given with the insert")
        }
    }

    static func decodeWorldEvents(
        _ value: JSONValue, at path: JSONPath, scene: WorldScene, sources: [(id: String?, json: JSONValue)], frames: Int
    ) throws -> [ScenarioEvent] {
        let list = try value.array(at: path)
        var entries: [(event: JSONValue, path: JSONPath, frame: Int)] = []
        for (i, entry) in list.enumerated() {
            let eventPath = path.appending(i)
            // Only the frame is read here (to order the events); the other keys are checked per type
            // by WorldEventDecoder, so the reader accepts whatever keys the event has.
            let keys = try entry.object(at: eventPath).keys
            let frame = try ObjectReader(entry, at: eventPath, known: keys).integer(EventFormats.frame)
            entries.append((entry, eventPath, frame))
        }
        return try WorldEventDecoder.decode(entries, scene: scene, behaviorSources: sources, frames: frames)
    }

    static func decodeClock(_ value: JSONValue, at path: JSONPath) throws -> Scenario.Clock {
        let keys = ScenarioFormat.clockKeys
        let object = try ObjectReader(value, at: path, format: ScenarioFormat.clock)
        return Scenario.Clock(hz: try object.integer(keys[.hz]), substeps: try object.integer(keys[.substeps]))
    }

    static func decodeOutput(_ value: JSONValue, at path: JSONPath) throws -> Scenario.OutputOptions {
        let keys = ScenarioFormat.outputKeys
        let object = try ObjectReader(value, at: path, format: ScenarioFormat.output)
        return Scenario.OutputOptions(
            items: try object.choice(keys[.items], as: Scenario.ItemSelection.self), every: try object.integer(keys[.every]))
    }

    static func decodeOffset(_ value: JSONValue, at path: JSONPath, layout: any CollectionLayout, viewport: Size) throws -> Vec2 {
        let offset = try decodePoint(value, at: path)
        try checkOffset(offset, at: path, layout: layout, viewport: viewport)
        return offset
    }

    /// A content offset must lie within [0, contentSize − viewport] on each axis.
    static func checkOffset(_ offset: Vec2, at path: JSONPath, layout: any CollectionLayout, viewport: Size) throws {
        let maximum = Vec2(
            max(0, layout.contentSize.width - viewport.width), max(0, layout.contentSize.height - viewport.height))
        let keys = ShapeFormats.pointKeys
        for (axis, key) in [(Axis.horizontal, keys[.x]), (Axis.vertical, keys[.y])] where offset[axis] < 0 || offset[axis] > maximum[axis] {
            throw ValidationError(
                path.appending(key),
                "\(format(offset[axis])) is outside the scrollable range 0…\(format(maximum[axis])) (content \(format(layout.contentSize.width))×\(format(layout.contentSize.height)), viewport \(format(viewport.width))×\(format(viewport.height)))")
        }
    }

    // MARK: Small shapes

    /// {"x", "y"} read through a vector table (`ShapeFormats.pointKeys` by default).
    static func decodePoint(
        _ value: JSONValue, at path: JSONPath, keys: KeyTable<ShapeFormats.VectorKey> = ShapeFormats.pointKeys
    ) throws -> Vec2 {
        let object = try ObjectReader(value, at: path, keys: keys.keys)
        return Vec2(try object.number(keys[.x]), try object.number(keys[.y]))
    }

    /// A size whose sides are positive (`ShapeFormats.sizeKeys`) or non-negative (`ShapeFormats.referenceSizeKeys`).
    static func decodeSize(
        _ value: JSONValue, at path: JSONPath, keys: KeyTable<ShapeFormats.SizeKey> = ShapeFormats.sizeKeys
    ) throws -> Size {
        let object = try ObjectReader(value, at: path, keys: keys.keys)
        return Size(width: try object.number(keys[.width]), height: try object.number(keys[.height]))
    }

    static func decodeInsets(_ value: JSONValue, at path: JSONPath) throws -> EdgeInsets {
        let keys = ShapeFormats.insetsKeys
        let object = try ObjectReader(value, at: path, format: ShapeFormats.insets)
        return EdgeInsets(
            top: try object.number(keys[.top]), left: try object.number(keys[.left]),
            bottom: try object.number(keys[.bottom]), right: try object.number(keys[.right]))
    }

    /// Numbers in messages: integers without ".0".
    static func format(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }
}
