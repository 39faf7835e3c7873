/// Reads one object strictly: every key must be known, so a typo such as "dampng" is an error
/// with a suggestion instead of a silently ignored setting.
public struct ObjectReader: Sendable {
    /// Where the object sits; messages about missing keys point here.
    public let path: JSONPath
    public let object: JSONObject

    /// Fails unless `value` is an object whose keys all appear in `known`.
    ///
    /// The first offending key in file order is reported, at its own path.
    public init(_ value: JSONValue, at path: JSONPath, known: [String]) throws(ValidationError) {
        let object = try value.object(at: path)
        for key in object.keys {
            if !known.contains(key) {
                let hint = DidYouMean.hint(for: key, among: known)
                throw ValidationError(path.appending(key), "unknown key \(MessageText.quoted(key))\(hint)")
            }
        }
        self.path = path
        self.object = object
    }

    public func has(_ key: String) -> Bool {
        object.keys.contains(key)
    }

    /// The member's value, nil if absent (a JSON null counts as present).
    public func value(_ key: String) -> JSONValue? {
        object[key]
    }

    public func path(_ key: String) -> JSONPath {
        path.appending(key)
    }

    public func required(_ key: String) throws(ValidationError) -> JSONValue {
        guard let value = object[key] else {
            throw ValidationError(path, "missing required key \(MessageText.quoted(key))")
        }
        return value
    }

    /// Decodes the member with `read` when present; nil when absent.
    public func optional<T>(_ key: String, _ read: (JSONValue, JSONPath) throws -> T) throws -> T? {
        guard let value = object[key] else { return nil }
        return try read(value, path(key))
    }

    public func required<T>(_ key: String, _ read: (JSONValue, JSONPath) throws -> T) throws -> T {
        try read(required(key), path(key))
    }
}
