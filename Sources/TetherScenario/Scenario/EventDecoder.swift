import TetherJSON
import TetherLayout
import TetherPhysics

/// Decodes the `events` array of a layout scene through the event key tables (`EventFormats`)
/// and checks that the script can be played: frames in range, a finger down for every drag and
/// touchUp, offsets inside the content, and `set` events that change a parameter that can change
/// during a run (`DynamicsFormats.settable`) to a valid value.
enum EventDecoder {
    static let union = EventFormats.union

    /// The events, checked against the scene; returns the scene too, because a custom layout's
    /// data source has every section that any of its layouts names (see `sharingSections`).
    static func decode(
        _ value: JSONValue, at path: JSONPath, scenario: Scenario, scene: LayoutScene, files: ScenarioFiles
    ) throws -> (events: [ScenarioEvent], scene: LayoutScene) {
        let list = try value.array(at: path)
        var decoded: [(event: ScenarioEvent, source: JSONValue)] = []
        for (i, entry) in list.enumerated() {
            decoded.append((try decodeEvent(entry, at: path.appending(i), scenario: scenario, scene: scene, files: files), entry))
        }
        // Stable sort by frame: events of one frame keep their file order.
        decoded = decoded.enumerated()
            .sorted { ($0.element.event.frame, $0.offset) < ($1.element.event.frame, $1.offset) }
            .map(\.element)
        var events = decoded.map(\.event)
        let scene = sharingSections(scene, &events)
        try checkFinger(events)
        try LivingScript.check(events, sources: decoded.map(\.source), scene: scene, hz: scenario.clock.hz)
        return (events, scene)
    }

    /// Updates never add or remove sections, and a custom layout names only the sections it has
    /// elements in; so the data source has as many sections as the largest the scene's layout or
    /// any update's layout names, and every layout gets that many (the missing ones empty).
    static func sharingSections(_ scene: LayoutScene, _ events: inout [ScenarioEvent]) -> LayoutScene {
        guard let initial = scene.layout as? CustomLayout else { return scene }
        var count = initial.sections.count
        for event in events {
            if case .update(_, let layout?) = event.action { count = max(count, layout.sections.count) }
        }
        var scene = scene
        scene.layout = initial.withSectionCount(count)
        for k in events.indices {
            if case .update(let update, let layout?) = events[k].action {
                events[k].action = .update(update, layout: layout.withSectionCount(count))
            }
        }
        return scene
    }

    static func decodeEvent(
        _ value: JSONValue, at path: JSONPath, scenario: Scenario, scene: LayoutScene, files: ScenarioFiles
    ) throws -> ScenarioEvent {
        let typeReader = try ObjectReader(value, at: path, known: union.allKeyNames)
        let type = try typeReader.string(union.tag)
        if !EventFormats.layoutTypes.contains(type) {
            throw ValidationError(typeReader.path(union.tag), "\(MessageText.quoted(type)) events belong to world scenes")
        }
        let object = try ObjectReader(value, at: path, keys: union.keys(of: type))
        let frame = try object.integer(EventFormats.frame)
        guard frame < scenario.frames else {
            throw ValidationError(
                object.path(EventFormats.frame),
                "frame \(frame) is past the last frame: events run before frames 0…\(scenario.frames - 1) are stepped (\"frames\" is \(scenario.frames))")
        }
        func point(_ key: FormatKey) throws -> Vec2 {
            try object.decode(key) { v, p in try ScenarioDecoder.decodePoint(v, at: p) }!
        }
        func velocity(_ v: JSONValue, _ p: JSONPath) throws -> Vec2 {
            try ScenarioDecoder.decodePoint(v, at: p, keys: ShapeFormats.velocityKeys)
        }
        func spread(_ key: FormatKey) throws -> Int {
            let frames = try object.integer(key)
            guard frame + frames <= scenario.frames else {
                throw ValidationError(
                    object.path(key),
                    "the movement would end at frame \(frame + frames), after the last frame \(scenario.frames)")
            }
            return frames
        }
        func itemPath(_ key: FormatKey) throws -> ItemPath { try object.decode(key, decodeItemPath)! }
        func paths(_ key: FormatKey) throws -> [ItemPath] {
            try object.decode(key) { v, p in
                try v.array(at: p).enumerated().map { k, entry in try decodeItemPath(entry, at: p.appending(k)) }
            }!
        }
        let updates = [EventFormats.insert, EventFormats.delete, EventFormats.moveEvent, EventFormats.batch].map(\.tag)
        if updates.contains(type), scene.layout is WaterfallLayout {
            throw ValidationError(object.path(union.tag), "data-source updates need a flow or custom layout (updates of waterfall layouts are not supported yet)")
        }
        /// The layout after an update (custom layouts).
        func layoutAfter(_ key: FormatKey) throws -> CustomLayout? {
            try object.decode(key) { v, p in try LayoutDecoder.decodeUpdateLayout(v, at: p, scene: scene, files: files) }
        }
        let action: ScenarioEvent.Action
        switch type {
        case EventFormats.touchDown.tag:
            let key = EventFormats.touchDownKeys[.point]
            let p = try point(key)
            let v = scene.viewport
            guard p.x >= 0, p.x <= v.width, p.y >= 0, p.y <= v.height else {
                throw ValidationError(
                    object.path(key),
                    "(\(ScenarioDecoder.format(p.x)), \(ScenarioDecoder.format(p.y))) is outside the \(ScenarioDecoder.format(v.width))×\(ScenarioDecoder.format(v.height)) viewport")
            }
            action = .touchDown(point: p)
        case EventFormats.drag.tag:
            let keys = EventFormats.dragKeys
            action = .drag(by: try point(keys[.by]), frames: try spread(keys[.frames]))
        case EventFormats.touchUp.tag:
            action = .touchUp(velocity: try object.decode(EventFormats.touchUpKeys[.velocity], velocity))
        case EventFormats.scroll.tag:
            let keys = EventFormats.scrollKeys
            action = .scroll(by: try point(keys[.by]), frames: try spread(keys[.frames]))
        case EventFormats.scrollTo.tag:
            let key = EventFormats.scrollToKeys[.offset]
            let offset = try point(key)
            try ScenarioDecoder.checkOffset(offset, at: object.path(key), layout: scene.layout, viewport: scene.viewport)
            action = .scrollTo(offset: offset)
        case EventFormats.fling.tag:
            let keys = EventFormats.flingKeys
            action = .fling(velocity: try object.decode(keys[.velocity], velocity)!, rate: try object.number(keys[.rate]))
        case EventFormats.insert.tag:
            let keys = EventFormats.insertKeys
            action = .update(BatchUpdate(inserts: try paths(keys[.items])), layout: try layoutAfter(keys[.layout]))
        case EventFormats.delete.tag:
            let keys = EventFormats.deleteKeys
            action = .update(BatchUpdate(deletes: try paths(keys[.items])), layout: try layoutAfter(keys[.layout]))
        case EventFormats.moveEvent.tag:
            let keys = EventFormats.moveEventKeys
            action = .update(.move(from: try itemPath(keys[.from]), to: try itemPath(keys[.to])), layout: try layoutAfter(keys[.layout]))
        case EventFormats.batch.tag:
            let keys = EventFormats.batchKeys
            let moveKeys = EventFormats.moveKeys
            let moves = try object.decode(keys[.moves]) { (v: JSONValue, p: JSONPath) throws -> [BatchUpdate.Move] in
                try v.array(at: p).enumerated().map { k, entry in
                    let reader = try ObjectReader(entry, at: p.appending(k), format: EventFormats.move)
                    return BatchUpdate.Move(
                        from: try reader.decode(moveKeys[.from], decodeItemPath)!, to: try reader.decode(moveKeys[.to], decodeItemPath)!)
                }
            }!
            action = .update(
                BatchUpdate(deletes: try paths(keys[.deletes]), inserts: try paths(keys[.inserts]), moves: moves),
                layout: try layoutAfter(keys[.layout]))
        case EventFormats.beginMove.tag:
            let keys = EventFormats.beginMoveKeys
            let p = try point(keys[.point])
            try checkInViewport(p, at: object.path(keys[.point]), scene: scene)
            action = .beginMove(item: try itemPath(keys[.item]), point: p)
        case EventFormats.updateMove.tag:
            let keys = EventFormats.updateMoveKeys
            let p = try point(keys[.point])
            try checkInViewport(p, at: object.path(keys[.point]), scene: scene)
            action = .updateMove(point: p, frames: try spread(keys[.frames]))
        case EventFormats.endMove.tag: action = .endMove
        case EventFormats.cancelMove.tag: action = .cancelMove
        default:
            action = try decodeSet(object, scene: scene)
        }
        return ScenarioEvent(frame: frame, action: action, path: path)
    }

    static func decodeItemPath(_ value: JSONValue, at path: JSONPath) throws -> ItemPath {
        let keys = ShapeFormats.itemPathKeys
        let reader = try ObjectReader(value, at: path, format: ShapeFormats.itemPath)
        return ItemPath(section: try reader.integer(keys[.section]), item: try reader.integer(keys[.item]))
    }

    static func checkInViewport(_ p: Vec2, at path: JSONPath, scene: LayoutScene) throws {
        let v = scene.viewport
        guard p.x >= 0, p.x <= v.width, p.y >= 0, p.y <= v.height else {
            throw ValidationError(
                path,
                "(\(ScenarioDecoder.format(p.x)), \(ScenarioDecoder.format(p.y))) is outside the \(ScenarioDecoder.format(v.width))×\(ScenarioDecoder.format(v.height)) viewport")
        }
    }

    /// Plays the finger state machine through in frame order.
    static func checkFinger(_ events: [ScenarioEvent]) throws {
        var fingerDown = false
        for event in events {
            let typePath = event.path.appending(union.tag)
            switch event.action {
            case .touchDown:
                if fingerDown { throw ValidationError(typePath, "a finger is already down (add a touchUp before this touchDown)") }
                fingerDown = true
            case .touchUp:
                if !fingerDown { throw ValidationError(typePath, "no finger is down (add a touchDown before this touchUp)") }
                fingerDown = false
            case .drag:
                if !fingerDown { throw ValidationError(typePath, "drag needs a finger down (add a touchDown at or before frame \(event.frame))") }
            case .fling:
                if fingerDown { throw ValidationError(typePath, "fling while a finger is down (lift it with touchUp first)") }
            case .scroll, .scrollTo, .set, .addBehavior, .removeBehavior, .replaceBehavior, .update, .beginMove, .updateMove,
                .endMove, .cancelMove:
                break
            }
        }
    }

    /// A `set` event's typed change: a settable parameter of springy dynamics, its new value
    /// checked as if written in the file.
    static func decodeSet(_ object: ObjectReader, scene: LayoutScene) throws -> ScenarioEvent.Action {
        let keys = EventFormats.setKeys
        let pathText = try object.string(keys[.path])
        guard let parameter = DynamicsFormats.settable.first(where: { $0.path == pathText }) else {
            let paths = DynamicsFormats.settable.map(\.path).joined(separator: ", ")
            throw ValidationError(object.path(keys[.path]), "\(MessageText.quoted(pathText)) cannot change during a run; one of: \(paths)")
        }
        guard case .springy = scene.dynamics else {
            throw ValidationError(object.path(keys[.path]), "\(MessageText.quoted(pathText)) needs springy dynamics")
        }
        let value = try object.checked(keys[.value])!
        return .set(path: try JSONPath(parsing: pathText), change: try parameter.change(value, at: object.path(keys[.value])))
    }
}
