/// One JSON value as read from a document.
///
/// Numbers are `Double` because that is what their readers (the physics, in the end) consume; objects keep their
/// keys in file order so that error messages and re-serialized output follow the file.
public indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The kind of value with its article, for messages such as "expected a number, found a string".
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
