/// Setting a value by path: what `--set PATH=VALUE` overrides are made of.
extension JSONValue {
    /// Returns a copy with the value at `path` replaced (or the key added to an existing object).
    /// Intermediate objects that are missing are created; an index past the end of an array or a
    /// path through a non-container is a ValidationError at that path.
    public func setting(_ newValue: JSONValue, at path: JSONPath) throws(ValidationError) -> JSONValue {
        try replacing(path.components[...], with: newValue, here: .root)
    }

    private func replacing(
        _ rest: ArraySlice<JSONPath.Component>, with newValue: JSONValue, here: JSONPath
    ) throws(ValidationError) -> JSONValue {
        guard let first = rest.first else { return newValue }
        let remaining = rest.dropFirst()
        let child = here.appending(first)
        switch (self, first) {
        case (.object(var object), .key(let key)):
            if let existing = object[key] {
                object[key] = try existing.replacing(remaining, with: newValue, here: child)
            } else {
                object[key] = try JSONValue.created(remaining, with: newValue, here: child)
            }
            return .object(object)
        case (.array(var elements), .index(let index)):
            guard index >= 0, index < elements.count else {
                throw ValidationError(child, "index \(index) is past the end of the array (\(JSONValue.count(elements.count, "element")))")
            }
            elements[index] = try elements[index].replacing(remaining, with: newValue, here: child)
            return .array(elements)
        case (_, .key(let key)):
            throw ValidationError(here, "cannot set key \(MessageText.quoted(key)): expected an object, found \(typeName)")
        case (_, .index(let index)):
            throw ValidationError(here, "cannot set index [\(index)]: expected an array, found \(typeName)")
        }
    }

    /// The value for a missing key: nested objects down to the new value.
    private static func created(
        _ rest: ArraySlice<JSONPath.Component>, with newValue: JSONValue, here: JSONPath
    ) throws(ValidationError) -> JSONValue {
        guard let first = rest.first else { return newValue }
        switch first {
        case .key:
            return try JSONValue.object(JSONObject()).replacing(rest, with: newValue, here: here)
        case .index(let index):
            throw ValidationError(here, "cannot set index [\(index)]: there is no array here")
        }
    }

    private static func count(_ n: Int, _ noun: String) -> String {
        n == 1 ? "1 \(noun)" : "\(n) \(noun)s"
    }

    /// The value at `path`, or nil if any step is missing or goes through the wrong kind of value.
    public func value(at path: JSONPath) -> JSONValue? {
        var current = self
        for component in path.components {
            switch (current, component) {
            case (.object(let object), .key(let key)):
                guard let next = object[key] else { return nil }
                current = next
            case (.array(let elements), .index(let index)):
                guard elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    /// Parses the VALUE text of --set: a JSON literal if it parses as one (number, true, false,
    /// null, quoted string, array, object), otherwise the raw text as a string, so that
    /// `--set dynamics.kind=ash` needs no shell-escaped quotes.
    public static func parseOverride(_ text: String) -> JSONValue {
        (try? JSONParser.parse(text)) ?? .string(text)
    }
}
