import TetherLayout

/// Decodes the `dynamics` object (§1.2 of the contract). A preset gives the defaults; keys
/// written in the file override them.
enum DynamicsDecoder {
    static let springyKeys = ["type", "preset", "spring", "resistance", "distance", "tilePadding", "nearRestDamping"]

    static func decode(_ value: JSONValue, at path: JSONPath) throws -> DynamicsSpec {
        let typeReader = try ObjectReader(value, at: path, known: springyKeys + gravityKeys)
        let type = try typeReader.required("type") { v, p in try v.oneOf(["none", "springy", "gravity"], at: p) }
        switch type {
        case "none":
            _ = try ObjectReader(value, at: path, known: ["type"])
            return .none
        case "gravity":
            return .gravity(try decodeGravity(value, at: path))
        default:
            return .springy(try decodeSpringy(value, at: path))
        }
    }

    static let gravityKeys = ["itemSize", "anchor", "rope", "entry", "removeAfter", "maxItems", "boundaries"]

    static func decodeGravity(_ value: JSONValue, at path: JSONPath) throws -> GravityConfiguration {
        let object = try ObjectReader(value, at: path, known: ["type"] + gravityKeys)
        var configuration = GravityConfiguration()
        if let size = try object.optional("itemSize", { v, p in try v.positiveNumber(at: p, max: ScenarioLimits.maxLength) }) {
            configuration.itemSize = size
        }
        configuration.anchor = try object.optional("anchor") { v, p in try ScenarioDecoder.decodePoint(v, at: p) }
        configuration.entry = try object.optional("entry") { v, p in try ScenarioDecoder.decodePoint(v, at: p) }
        if let rope = object.value("rope") {
            let reader = try ObjectReader(rope, at: object.path("rope"), known: ["length", "damping", "frequency"])
            if let length = try reader.optional("length", { v, p in try v.number(at: p, in: 0...ScenarioLimits.maxLength) }) {
                configuration.ropeLength = length
            }
            if let damping = try reader.optional("damping", { v, p in try v.number(at: p, in: 0...ScenarioLimits.maxDamping) }) {
                configuration.ropeDamping = damping
            }
            if let frequency = try reader.optional("frequency", { v, p in try v.number(at: p, in: 0...ScenarioLimits.maxFrequency) }) {
                configuration.ropeFrequency = frequency
            }
        }
        if let after = try object.optional("removeAfter", { v, p in try v.number(at: p, in: 0...3600) }) {
            configuration.removeAfter = after
        }
        if let maxItems = try object.optional("maxItems", { v, p in try v.integer(at: p, in: 0...1000) }) {
            configuration.maxItems = maxItems
        }
        if let boundaries = try object.optional("boundaries", { v, p in try v.bool(at: p) }) {
            configuration.boundaries = boundaries
        }
        return configuration
    }

    static func decodeSpringy(_ value: JSONValue, at path: JSONPath) throws -> SpringyConfiguration {
        let object = try ObjectReader(value, at: path, known: springyKeys)
        var configuration = try object.optional("preset") { v, p in
            SpringyPreset(rawValue: try v.oneOf(SpringyPreset.allCases.map(\.rawValue), at: p))!.configuration
        } ?? SpringyConfiguration()
        if let spring = object.value("spring") {
            let springPath = object.path("spring")
            let reader = try ObjectReader(spring, at: springPath, known: ["length", "damping", "frequency"])
            if let length = try reader.optional("length", { v, p in try v.number(at: p, in: 0...ScenarioLimits.maxLength) }) {
                configuration.length = length
            }
            if let damping = try reader.optional("damping", { v, p in try v.number(at: p, in: 0...ScenarioLimits.maxDamping) }) {
                configuration.damping = damping
            }
            if let frequency = try reader.optional("frequency", { v, p in
                try v.number(at: p, in: 0...ScenarioLimits.maxFrequency)
            }) {
                configuration.frequency = frequency
            }
        }
        if let resistance = try object.optional("resistance", { v, p in try v.positiveNumber(at: p, max: 1e12) }) {
            configuration.resistance = resistance
        }
        if let distance = try object.optional("distance", { v, p in
            TouchDistance(rawValue: try v.oneOf(TouchDistance.allCases.map(\.rawValue), at: p))!
        }) {
            configuration.distance = distance
        }
        if object.has("tilePadding") {
            configuration.tilePadding = try object.optional("tilePadding") { v, p -> Double? in
                if case .null = v { return nil }
                return try v.number(at: p, in: 0...ScenarioLimits.maxLength)
            } ?? nil
        }
        if let nearRest = object.value("nearRestDamping") {
            let nearRestPath = object.path("nearRestDamping")
            if case .null = nearRest {
                configuration.nearRestDamping = nil
            } else {
                let reader = try ObjectReader(nearRest, at: nearRestPath, known: ["within", "damping"])
                configuration.nearRestDamping = NearRestDamping(
                    within: try reader.required("within") { v, p in try v.number(at: p, in: 0...ScenarioLimits.maxLength) },
                    damping: try reader.required("damping") { v, p in try v.number(at: p, in: 0...ScenarioLimits.maxDamping) })
            }
        }
        return configuration
    }
}
