extension JSONValue {
    /// Compact JSON text (no whitespace), keys in stored order.
    ///
    /// Used to echo effective scenarios and overrides; parsing the result gives back an
    /// equal value. Non-finite numbers cannot be expressed in JSON and are written as `null`.
    public func serialized() -> String {
        var output = ""
        write(to: &output)
        return output
    }

    func write(to output: inout String) {
        switch self {
        case .null:
            output += "null"
        case .bool(let value):
            output += value ? "true" : "false"
        case .number(let value):
            output += value.isFinite ? JSONNumberFormat.compact(value) : "null"
        case .string(let value):
            JSONValue.writeQuoted(value, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let object):
            output += "{"
            for index in object.keys.indices {
                if index > 0 { output += "," }
                JSONValue.writeQuoted(object.keys[index], to: &output)
                output += ":"
                object.values[index].write(to: &output)
            }
            output += "}"
        }
    }

    /// A JSON string literal per RFC 8259: quote, backslash and control characters escaped.
    public static func quoted(_ text: String) -> String {
        var output = ""
        writeQuoted(text, to: &output)
        return output
    }

    static func writeQuoted(_ text: String, to output: inout String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        JSONString.append(text, to: &bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }
}
