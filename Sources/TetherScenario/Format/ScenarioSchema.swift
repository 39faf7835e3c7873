import TetherJSON

/// The JSON Schema (draft 2020-12) of scenario files, written from the key tables the decoders
/// read (`ScenarioFormat.root` and everything it refers to), so the schema cannot drift from what
/// `tether validate` accepts. `tether schema` prints `text`; `schema/scenario.schema.json` is a
/// copy kept byte-identical by a test.
///
/// What the schema cannot say (an event's frame before `frames`, counts that must match
/// `sections`, ids that must name items, a finger's story) stays with the decoders: a file the
/// schema accepts may still be refused, never the other way round.
public enum ScenarioSchema {
    public static let dialect = "https://json-schema.org/draft/2020-12/schema"

    /// The schema as indented JSON, ending with a newline.
    public static var text: String { document.prettyPrinted() + "\n" }

    public static var document: JSONValue {
        var generator = Generator()
        var schema = JSONObject()
        schema["$schema"] = .string(dialect)
        schema["title"] = "Tether scenario"
        if case .object(let root) = generator.object(ScenarioFormat.root) {
            for (key, value) in root.members { schema[key] = value }
        }
        schema["$defs"] = .object(JSONObject(generator.definitions.map { (key: $0.name, value: $0.schema) }))
        return .object(schema)
    }

    /// A file path holds no control characters (C0, DEL, C1) and no line or paragraph separator.
    /// Tether also refuses the format characters (`ValueFormat.filePath`), which a regular
    /// expression cannot list as simply: the schema is the looser of the two, as it may be.
    static let filePathPattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029]*$"

    /// Walks the formats, writing each named object or union once under `$defs`, in the order
    /// they are first met.
    struct Generator {
        var definitions: [(name: String, schema: JSONValue)] = []
        /// What each name was defined from, so two formats can never share one name unnoticed.
        private var sources: [(name: String, format: ValueFormat)] = []

        /// A `$ref` to the definition of `name`, writing it first if it is new.
        mutating func reference(_ name: String, for format: ValueFormat, _ build: (inout Generator) -> JSONValue) -> JSONValue {
            if let source = sources.first(where: { $0.name == name }) {
                precondition(source.format == format, "two different formats are both called \(name)")
            } else {
                sources.append((name, format))
                let index = definitions.count
                definitions.append((name, .null))
                definitions[index].schema = build(&self)
            }
            return ["$ref": .string("#/$defs/\(name)")]
        }

        mutating func value(_ format: ValueFormat) -> JSONValue {
            switch format {
            case .integer(let range):
                var schema: JSONObject = ["type": "integer", "minimum": .number(Double(range.lowerBound))]
                if range.upperBound != Int.max { schema["maximum"] = .number(Double(range.upperBound)) }
                return .object(schema)
            case .number(let range):
                var schema: JSONObject = ["type": "number"]
                if range.lowerBound.isFinite { schema["minimum"] = .number(range.lowerBound) }
                if range.upperBound.isFinite { schema["maximum"] = .number(range.upperBound) }
                return .object(schema)
            case .positive(let max):
                return ["type": "number", "exclusiveMinimum": 0, "maximum": .number(max)]
            case .boolean:
                return ["type": "boolean"]
            case .text:
                return ["type": "string"]
            case .filePath:
                return ["type": "string", "pattern": .string(filePathPattern)]
            case .identifier(let maxLength):
                return ["type": "string", "minLength": 1, "maxLength": .number(Double(maxLength))]
            case .fileName(let maxLength):
                return ["type": "string", "pattern": "^[A-Za-z0-9_-]+$", "minLength": 1, "maxLength": .number(Double(maxLength))]
            case .choice(let options):
                return ["type": "string", "enum": .array(options.map { .string($0) })]
            case .object(let object):
                return reference(object.name, for: format) { $0.object(object) }
            case .union(let union):
                return reference(union.name, for: format) { $0.union(union, outer: []) }
            case .array(let element, let count, let unique):
                var schema: JSONObject = ["type": "array", "items": value(element)]
                if count.lowerBound > 0 { schema["minItems"] = .number(Double(count.lowerBound)) }
                if count.upperBound != Int.max { schema["maxItems"] = .number(Double(count.upperBound)) }
                if unique { schema["uniqueItems"] = true }
                return .object(schema)
            case .nullable(let inner):
                return ["anyOf": [value(inner), ["type": "null"]]]
            case .anyValue:
                return .object(JSONObject())
            }
        }

        /// A key: its value's schema with the description (unit and default in words included)
        /// and the default.
        mutating func key(_ key: FormatKey, constant: String? = nil) -> JSONValue {
            var schema: JSONObject
            if let constant {
                schema = ["const": .string(constant)]
            } else if case .object(let object) = value(key.format) {
                schema = object
            } else {
                schema = JSONObject()
            }
            var text = key.description
            if let unit = key.unit { text += " Unit: \(unit)." }
            if key.defaultValue == nil, let note = key.defaultNote { text += " Default: \(note)." }
            schema["description"] = .string(text)
            if constant == nil, let defaultValue = key.defaultValue { schema["default"] = defaultValue }
            return .object(schema)
        }

        /// A closed object: its keys, the required ones, nothing else, and its rules. `constants`
        /// pins tag keys to one value (a union's variant).
        mutating func object(_ format: ObjectFormat, constants: [(key: String, value: String)] = []) -> JSONValue {
            var properties = JSONObject()
            for entry in format.keys {
                properties[entry.name] = key(entry, constant: constants.first { $0.key == entry.name }?.value)
            }
            var schema: JSONObject = ["type": "object", "description": .string(format.description), "properties": .object(properties)]
            let required = format.keys.filter(\.isRequired).map { JSONValue.string($0.name) }
            if !required.isEmpty { schema["required"] = .array(required) }
            schema["additionalProperties"] = false
            var dependent = JSONObject()
            var rules: [JSONValue] = []
            for rule in format.rules {
                switch rule {
                case .exactlyOne(let names):
                    rules.append(["oneOf": .array(names.map { ["required": [.string($0)]] })])
                case .atMostOne(let names):
                    rules += pairs(names).map { ["not": ["required": [.string($0.0), .string($0.1)]]] }
                case .requires(let name, let others):
                    dependent[name] = .array(others.map { .string($0) })
                case .excludes(let name, let others):
                    rules += others.map { ["not": ["required": [.string(name), .string($0)]]] }
                }
            }
            if !dependent.isEmpty { schema["dependentRequired"] = .object(dependent) }
            if !rules.isEmpty { schema["allOf"] = .array(rules) }
            return .object(schema)
        }

        private func pairs(_ names: [String]) -> [(String, String)] {
            names.indices.flatMap { i in names[(i + 1)...].map { (names[i], $0) } }
        }

        /// A union: the tag's choices, and for each tag value the variant's closed object.
        /// `outer` holds the tags of an enclosing union (an attachment is a behavior).
        mutating func union(_ union: UnionFormat, outer: [(key: String, value: String, union: UnionFormat)]) -> JSONValue {
            var cases: [JSONValue] = []
            for variant in union.variants {
                let constants = outer.map { (key: $0.key, value: $0.value) } + [(key: union.tag.name, value: variant.tag)]
                let then: JSONValue
                if let nested = variant.nested {
                    let context = outer + [(key: union.tag.name, value: variant.tag, union: union)]
                    then = reference(nested.name, for: .union(nested)) { $0.union(nested, outer: context) }
                } else {
                    let format = self.format(of: variant.tag, in: union, outer: outer)
                    then = reference(format.name, for: .object(format)) { $0.object(format, constants: constants) }
                }
                var condition: JSONObject = ["properties": [union.tag.name: ["const": .string(variant.tag)]]]
                if union.tag.defaultValue?.stringValue != variant.tag { condition["required"] = [.string(union.tag.name)] }
                cases.append(["if": .object(condition), "then": then])
            }
            var schema: JSONObject = ["type": "object", "description": .string(union.description)]
            schema["properties"] = .object(JSONObject([(key: union.tag.name, value: key(union.tag))]))
            if union.tag.isRequired { schema["required"] = [.string(union.tag.name)] }
            schema["allOf"] = .array(cases)
            return .object(schema)
        }

        /// A variant's object, named and keyed as the outermost union describes it.
        private func format(of tag: String, in union: UnionFormat, outer: [(key: String, value: String, union: UnionFormat)]) -> ObjectFormat {
            guard let top = outer.first else { return union.format(of: tag) }
            return top.union.format(of: top.value, inner: tag)
        }
    }
}
