import TetherJSON
import TetherLayout

/// Decodes the `dynamics` object through its key tables (`DynamicsFormats`). A preset gives the
/// defaults; keys written in the file override them.
enum DynamicsDecoder {
    static func decode(_ value: JSONValue, at path: JSONPath) throws -> DynamicsSpec {
        let union = DynamicsFormats.union
        let typeReader = try ObjectReader(value, at: path, known: union.allKeyNames)
        let type = try typeReader.string(union.tag)
        let object = try ObjectReader(value, at: path, known: union.keyNames(of: type))
        switch type {
        case DynamicsFormats.gravity.tag: return .gravity(try decodeGravity(object))
        case DynamicsFormats.springy.tag: return .springy(try decodeSpringy(object))
        default: return .none
        }
    }

    static func decodeGravity(_ object: ObjectReader) throws -> GravityConfiguration {
        let keys = DynamicsFormats.gravityKeys
        var configuration = GravityConfiguration()
        configuration.itemSize = try object.number(keys[.itemSize])
        configuration.anchor = try object.decode(keys[.anchor]) { v, p in try ScenarioDecoder.decodePoint(v, at: p) }
        configuration.entry = try object.decode(keys[.entry]) { v, p in try ScenarioDecoder.decodePoint(v, at: p) }
        if let rope = try object.decode(keys[.rope], { v, p in try ObjectReader(v, at: p, format: DynamicsFormats.rope) }) {
            let ropeKeys = DynamicsFormats.ropeKeys
            configuration.ropeLength = try rope.number(ropeKeys[.length])
            configuration.ropeDampingRatio = try rope.number(ropeKeys[.damping])
            configuration.ropeFrequency = try rope.number(ropeKeys[.frequency])
        }
        configuration.removeAfter = try object.number(keys[.removeAfter])
        configuration.maxItems = try object.integer(keys[.maxItems])
        configuration.boundaries = try object.bool(keys[.boundaries])
        return configuration
    }

    static func decodeSpringy(_ object: ObjectReader) throws -> SpringyConfiguration {
        let keys = DynamicsFormats.springyKeys
        var configuration = try object.choiceIfPresent(keys[.preset], as: SpringyPreset.self)?.configuration
            ?? SpringyConfiguration()
        // Every other key is read only when written, so the preset's value stands otherwise.
        func written(_ name: DynamicsFormats.SpringyKey) -> FormatKey? { object.has(keys[name]) ? keys[name] : nil }
        if let key = written(.spring) {
            let springKeys = DynamicsFormats.springKeys
            let spring = try object.decode(key) { v, p in try ObjectReader(v, at: p, format: DynamicsFormats.spring) }!
            func given(_ name: DynamicsFormats.SpringKey) -> FormatKey? { spring.has(springKeys[name]) ? springKeys[name] : nil }
            if let key = given(.length) { configuration.length = try spring.number(key) }
            if let key = given(.damping) { configuration.dampingRatio = try spring.number(key) }
            if let key = given(.frequency) { configuration.frequency = try spring.number(key) }
        }
        if let key = written(.resistance) { configuration.resistance = try object.number(key) }
        if let key = written(.distance) { configuration.distance = try object.choice(key, as: TouchDistance.self) }
        if let key = written(.tilePadding) { configuration.tilePadding = try object.numberIfPresent(key) }
        if let key = written(.nearRestDamping) {
            configuration.nearRestDamping = try object.decode(key) { v, p -> NearRestDamping? in
                if case .null = v { return nil }
                let nearKeys = DynamicsFormats.nearRestDampingKeys
                let reader = try ObjectReader(v, at: p, format: DynamicsFormats.nearRestDamping)
                return NearRestDamping(
                    within: try reader.number(nearKeys[.within]), dampingRatio: try reader.number(nearKeys[.damping]))
            } ?? nil
        }
        return configuration
    }
}
