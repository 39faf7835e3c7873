import TetherLayout
import TetherPhysics

/// Turns a parsed scenario document into a `Scenario`, rejecting anything the contract does not
/// allow with a `ValidationError` at the offending JSON path.
public enum ScenarioDecoder {
    static let topLevelKeys = [
        "name", "description", "clock", "frames", "seed", "viewport", "contentOffset", "layout", "world",
        "dynamics", "events", "output", "solver",
    ]
    /// Keys that only make sense with a layout.
    static let layoutOnlyKeys = ["viewport", "contentOffset", "dynamics"]

    public static func decode(_ document: JSONValue) throws -> Scenario {
        let root = JSONPath.root
        let object = try ObjectReader(document, at: root, known: topLevelKeys)
        let name = try object.required("name") { value, path in try decodeName(value, at: path) }
        let description = try object.optional("description") { value, path in try value.string(at: path) }
        let clock = try object.optional("clock", decodeClock) ?? Scenario.Clock()
        let frames = try object.required("frames") { value, path in
            try value.integer(at: path, in: 1...ScenarioLimits.maxFrames)
        }
        let seed = try object.optional("seed") { value, path in
            UInt64(try value.integer(at: path, in: 0...Int(Int32.max)))
        }
        let solver = try object.optional("solver") { v, p in
            SolverKind(rawValue: try v.oneOf(SolverKind.allCases.map(\.rawValue), at: p))!
        } ?? .accurate
        let output = try object.optional("output", decodeOutput) ?? Scenario.OutputOptions()
        var scenario = Scenario(
            name: name, description: description, clock: clock, frames: frames, seed: seed,
            scene: .world(WorldScene(bounds: (.zero, .zero), items: [], behaviors: [])), events: [], output: output)
        scenario.solver = solver
        switch (object.value("layout"), object.value("world")) {
        case (.some, .some):
            throw ValidationError(object.path("world"), "give either \"layout\" or \"world\", not both")
        case (nil, nil):
            throw ValidationError(root, "missing required key \"layout\" (a collection view) or \"world\" (free items)")
        case (.some, nil):
            let (scene, dynamicsDocument) = try decodeLayoutScene(object)
            scenario.scene = .layout(scene)
            if let events = object.value("events") {
                scenario.events = try EventDecoder.decode(
                    events, at: object.path("events"), scenario: scenario, scene: scene, dynamicsDocument: dynamicsDocument)
            }
        case (nil, .some(let world)):
            for key in layoutOnlyKeys where object.has(key) {
                throw ValidationError(object.path(key), "\"\(key)\" belongs to layout scenes; a world scene has \"world.bounds\"")
            }
            let (scene, sources) = try WorldDecoder.decodeWithSources(world, at: object.path("world"))
            scenario.scene = .world(scene)
            if let events = object.value("events") {
                scenario.events = try decodeWorldEvents(
                    events, at: object.path("events"), scene: scene, sources: sources, frames: frames)
            }
        }
        return scenario
    }

    static func decodeLayoutScene(_ object: ObjectReader) throws -> (LayoutScene, dynamicsDocument: JSONValue) {
        let viewport = try object.required("viewport") { value, path in try decodeSize(value, at: path) }
        let layout = try object.required("layout") { value, path in
            try LayoutDecoder.decode(value, at: path, viewport: viewport)
        }
        let contentOffset = try object.optional("contentOffset") { value, path in
            try decodeOffset(value, at: path, layout: layout, viewport: viewport)
        } ?? .zero
        let dynamicsDocument = object.value("dynamics") ?? .object(JSONObject([("type", .string("none"))]))
        let dynamics = try DynamicsDecoder.decode(dynamicsDocument, at: object.path("dynamics"))
        if case .gravity = dynamics, let section = layout.sections.firstIndex(where: { $0 > 0 }) {
            throw ValidationError(
                object.path("layout").appending("sections").appending(section),
                "the drop-in list (gravity dynamics) starts empty, as the demo does: items arrive by insert events; make every section 0")
        }
        return (LayoutScene(viewport: viewport, contentOffset: contentOffset, layout: layout, dynamics: dynamics), dynamicsDocument)
    }

    static func decodeWorldEvents(
        _ value: JSONValue, at path: JSONPath, scene: WorldScene, sources: [(id: String?, json: JSONValue)], frames: Int
    ) throws -> [ScenarioEvent] {
        let list = try value.array(at: path)
        var entries: [(event: JSONValue, path: JSONPath, frame: Int)] = []
        for (i, entry) in list.enumerated() {
            let eventPath = path.appending(i)
            let object = try entry.object(at: eventPath)
            guard let frameValue = object["frame"] else {
                throw ValidationError(eventPath, "missing required key \"frame\"")
            }
            let frame = try frameValue.integer(at: eventPath.appending("frame"), in: 0...Int(Int32.max))
            entries.append((entry, eventPath, frame))
        }
        return try WorldEventDecoder.decode(entries, scene: scene, behaviorSources: sources, frames: frames)
    }

    static func decodeName(_ value: JSONValue, at path: JSONPath) throws -> String {
        let name = try value.string(at: path)
        let allowed = name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
        guard !name.isEmpty, name.count <= ScenarioLimits.maxNameLength, allowed else {
            throw ValidationError(
                path, "name must be 1 to \(ScenarioLimits.maxNameLength) characters of A-Z, a-z, 0-9, '-' and '_' (it names the golden file)")
        }
        return name
    }

    static func decodeClock(_ value: JSONValue, at path: JSONPath) throws -> Scenario.Clock {
        let object = try ObjectReader(value, at: path, known: ["hz", "substeps"])
        let hz = try object.optional("hz") { v, p in try v.integer(at: p, in: 1...ScenarioLimits.maxHz) } ?? 60
        let substeps = try object.optional("substeps") { v, p in
            try v.integer(at: p, in: 1...ScenarioLimits.maxSubsteps)
        } ?? 4
        return Scenario.Clock(hz: hz, substeps: substeps)
    }

    static func decodeOutput(_ value: JSONValue, at path: JSONPath) throws -> Scenario.OutputOptions {
        let object = try ObjectReader(value, at: path, known: ["items", "every"])
        let items = try object.optional("items") { v, p in
            Scenario.ItemSelection(rawValue: try v.oneOf(Scenario.ItemSelection.allCases.map(\.rawValue), at: p))!
        } ?? .visible
        let every = try object.optional("every") { v, p in try v.integer(at: p, in: 1...ScenarioLimits.maxFrames) } ?? 1
        return Scenario.OutputOptions(items: items, every: every)
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
        for (axis, key) in [(Axis.horizontal, "x"), (Axis.vertical, "y")] where offset[axis] < 0 || offset[axis] > maximum[axis] {
            throw ValidationError(
                path.appending(key),
                "\(format(offset[axis])) is outside the scrollable range 0…\(format(maximum[axis])) (content \(format(layout.contentSize.width))×\(format(layout.contentSize.height)), viewport \(format(viewport.width))×\(format(viewport.height)))")
        }
    }

    // MARK: Small shapes

    static func decodePoint(_ value: JSONValue, at path: JSONPath, limit: Double = ScenarioLimits.maxLength) throws -> Vec2 {
        let object = try ObjectReader(value, at: path, known: ["x", "y"])
        let x = try object.required("x") { v, p in try v.number(at: p, in: -limit...limit) }
        let y = try object.required("y") { v, p in try v.number(at: p, in: -limit...limit) }
        return Vec2(x, y)
    }

    /// A size whose sides are positive (or, with `allowZero`, non-negative).
    static func decodeSize(_ value: JSONValue, at path: JSONPath, allowZero: Bool = false) throws -> Size {
        let object = try ObjectReader(value, at: path, known: ["width", "height"])
        func side(_ v: JSONValue, _ p: JSONPath) throws -> Double {
            allowZero
                ? try v.number(at: p, in: 0...ScenarioLimits.maxLength)
                : try v.positiveNumber(at: p, max: ScenarioLimits.maxLength)
        }
        let width = try object.required("width", side)
        let height = try object.required("height", side)
        return Size(width: width, height: height)
    }

    static func decodeInsets(_ value: JSONValue, at path: JSONPath) throws -> EdgeInsets {
        let object = try ObjectReader(value, at: path, known: ["top", "left", "bottom", "right"])
        func side(_ key: String) throws -> Double {
            try object.optional(key) { v, p in try v.number(at: p, in: 0...ScenarioLimits.maxLength) } ?? 0
        }
        return EdgeInsets(top: try side("top"), left: try side("left"), bottom: try side("bottom"), right: try side("right"))
    }

    /// Numbers in messages: integers without ".0".
    static func format(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }
}
