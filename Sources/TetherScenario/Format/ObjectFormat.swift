/// The keys one kind of object may have, and the rules that tie keys together.
///
/// `name` is how the schema (`$defs`) and the format reference refer to it, so two different
/// formats must never share a name (a test checks it).
public struct ObjectFormat: Sendable, Hashable {
    public var name: String
    public var description: String
    public var keys: [FormatKey]
    public var rules: [KeyRule]

    public init(_ name: String, _ description: String, keys: [FormatKey], rules: [KeyRule] = []) {
        self.name = name
        self.description = description
        self.keys = keys
        self.rules = rules
    }

    public var keyNames: [String] { keys.map(\.name) }

    /// The key spelt `name`, if the table has one. Decoders read keys through a typed
    /// `KeyTable` instead, whose names the compiler checks.
    public func key(named name: String) -> FormatKey? {
        keys.first { $0.name == name }
    }
}

/// A rule between keys of one object, beyond each key's own format.
public enum KeyRule: Sendable, Hashable {
    /// Exactly one of the keys is present.
    case exactlyOne([String])
    /// At most one of the keys is present.
    case atMostOne([String])
    /// When the first key is present, so are the others.
    case requires(String, [String])
    /// When the first key is present, none of the others is.
    case excludes(String, [String])
}
