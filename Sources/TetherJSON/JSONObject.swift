/// A JSON object whose keys stay in the order they appear in the file.
///
/// Keys and values live in two parallel arrays so that the type is `Hashable` by
/// synthesis and nothing ever depends on dictionary iteration order. Equality is
/// order-sensitive: `{"a":1,"b":2}` and `{"b":2,"a":1}` differ. Lookups are linear,
/// which is the right trade for the small, hand-written objects this module reads.
public struct JSONObject: Sendable, Hashable {
    /// The keys, in file order.
    public private(set) var keys: [String]
    /// The values, parallel to `keys`.
    public private(set) var values: [JSONValue]

    public init() {
        keys = []
        values = []
    }

    /// Stores the members in the given order. If a key repeats, lookups see the first one.
    public init(_ members: [(key: String, value: JSONValue)]) {
        keys = members.map(\.key)
        values = members.map(\.value)
    }

    /// Builds from already-parallel arrays (the parser's fast path).
    init(keys: [String], values: [JSONValue]) {
        self.keys = keys
        self.values = values
    }

    /// The key–value pairs in order.
    public var members: [(key: String, value: JSONValue)] {
        get { zip(keys, values).map { (key: $0, value: $1) } }
        set {
            keys = newValue.map(\.key)
            values = newValue.map(\.value)
        }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// Reads a member; setting replaces it in place, appends it if absent, or removes it when set to `nil`.
    /// (Reading is inlinable: the decoders in other modules look keys up in their hot loops.)
    public subscript(key: String) -> JSONValue? {
        @inlinable get { keys.firstIndex(of: key).map { values[$0] } }
        set {
            let index = keys.firstIndex(of: key)
            switch (index, newValue) {
            case let (index?, value?):
                values[index] = value
            case let (index?, nil):
                keys.remove(at: index)
                values.remove(at: index)
            case let (nil, value?):
                keys.append(key)
                values.append(value)
            case (nil, nil):
                break
            }
        }
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// A dictionary literal is an ordered list of pairs, so its order is kept.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }
}
