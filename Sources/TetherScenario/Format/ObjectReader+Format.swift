import TetherJSON

/// Reading an object through its key table: the keys it may have, each value checked against
/// its key's format, and the key's default when it is absent.
extension ObjectReader {
    /// Fails unless `value` is an object whose keys all appear in `format`.
    public init(_ value: JSONValue, at path: JSONPath, format: ObjectFormat) throws(ValidationError) {
        try self.init(value, at: path, known: format.keyNames)
    }

    /// Fails unless `value` is an object whose keys all appear in `keys`.
    public init(_ value: JSONValue, at path: JSONPath, keys: [FormatKey]) throws(ValidationError) {
        try self.init(value, at: path, known: keys.map(\.name))
    }

    /// The member checked against the key's format; the key's default when absent; nil when
    /// absent without a default. A missing required key is an error.
    public func checked(_ key: FormatKey) throws(ValidationError) -> JSONValue? {
        guard let value = object[key.name] else {
            if key.isRequired { throw ValidationError(path, "missing required key \(MessageText.quoted(key.name))") }
            return key.defaultValue
        }
        try key.format.check(value, at: path(key.name))
        return value
    }

    // Keys that always have a value (required, or with a default). Asking one without either is
    // a mistake in the tables, not in the file.

    public func integer(_ key: FormatKey) throws(ValidationError) -> Int {
        guard let value = try integerIfPresent(key) else { preconditionFailure("\(key.name) has no default") }
        return value
    }

    public func number(_ key: FormatKey) throws(ValidationError) -> Double {
        guard let value = try numberIfPresent(key) else { preconditionFailure("\(key.name) has no default") }
        return value
    }

    public func bool(_ key: FormatKey) throws(ValidationError) -> Bool {
        guard let value = try boolIfPresent(key) else { preconditionFailure("\(key.name) has no default") }
        return value
    }

    /// A string key: text, an id, a name or a choice.
    public func string(_ key: FormatKey) throws(ValidationError) -> String {
        guard let value = try stringIfPresent(key) else { preconditionFailure("\(key.name) has no default") }
        return value
    }

    /// A choice key as the enumeration whose raw values are its choices.
    public func choice<Choice: RawRepresentable>(_ key: FormatKey, as type: Choice.Type) throws(ValidationError) -> Choice
    where Choice.RawValue == String {
        guard let value = try choiceIfPresent(key, as: type) else { preconditionFailure("\(key.name) has no default") }
        return value
    }

    // Keys that may be absent.

    public func integerIfPresent(_ key: FormatKey) throws(ValidationError) -> Int? {
        guard case .number(let value)? = try checked(key) else { return nil }
        return Int(value)
    }

    public func numberIfPresent(_ key: FormatKey) throws(ValidationError) -> Double? {
        guard case .number(let value)? = try checked(key) else { return nil }
        return value
    }

    public func boolIfPresent(_ key: FormatKey) throws(ValidationError) -> Bool? {
        guard case .bool(let value)? = try checked(key) else { return nil }
        return value
    }

    public func stringIfPresent(_ key: FormatKey) throws(ValidationError) -> String? {
        guard case .string(let value)? = try checked(key) else { return nil }
        return value
    }

    public func choiceIfPresent<Choice: RawRepresentable>(_ key: FormatKey, as type: Choice.Type) throws(ValidationError) -> Choice?
    where Choice.RawValue == String {
        guard let text = try stringIfPresent(key) else { return nil }
        guard let choice = Choice(rawValue: text) else { preconditionFailure("\(key.name): \(text) is not a \(Choice.self)") }
        return choice
    }

    /// Decodes the member with `read` after checking its JSON type; nil when absent.
    public func decode<T>(_ key: FormatKey, _ read: (JSONValue, JSONPath) throws -> T) throws -> T? {
        guard let value = try checked(key) else { return nil }
        return try read(value, path(key.name))
    }
}

/// Members named by a table's key (`keys[.world]`) rather than by its spelling.
extension ObjectReader {
    public func has(_ key: FormatKey) -> Bool {
        has(key.name)
    }

    /// The member's value, nil if absent (a JSON null counts as present).
    public func value(_ key: FormatKey) -> JSONValue? {
        value(key.name)
    }

    public func path(_ key: FormatKey) -> JSONPath {
        path(key.name)
    }
}

extension JSONPath {
    /// The path of `key` inside the object at this path.
    public func appending(_ key: FormatKey) -> JSONPath {
        appending(key.name)
    }
}
