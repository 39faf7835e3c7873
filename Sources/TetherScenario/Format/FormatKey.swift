import TetherJSON

/// One key of an object in a scenario file: its name, what its value must be, its unit and
/// default, and what it means. Tables of these are the one description of the format.
public struct FormatKey: Sendable, Hashable {
    public var name: String
    public var format: ValueFormat
    public var isRequired: Bool
    /// The value used when the key is absent, when it is a plain JSON value (written into the schema).
    public var defaultValue: JSONValue?
    /// The default in words when it depends on something else ("the distance at creation").
    public var defaultNote: String?
    /// "pt", "pt/s", "Hz", "s", "rad"…; nil for counts, switches and names.
    public var unit: String?
    /// One or two sentences for people (editors show it on hover).
    public var description: String

    public init(
        _ name: String, _ format: ValueFormat, required: Bool = false, default defaultValue: JSONValue? = nil,
        defaultNote: String? = nil, unit: String? = nil, _ description: String
    ) {
        self.name = name
        self.format = format
        self.isRequired = required
        self.defaultValue = defaultValue
        self.defaultNote = defaultNote
        self.unit = unit
        self.description = description
    }

    /// The same key with another description (a shape reused with its own meaning).
    public func described(_ text: String) -> FormatKey {
        var key = self
        key.description = text
        return key
    }

    /// The same key, required.
    public var required: FormatKey {
        var key = self
        key.isRequired = true
        return key
    }
}
