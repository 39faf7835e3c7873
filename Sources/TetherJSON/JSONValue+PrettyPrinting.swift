extension JSONValue {
    /// Indented JSON text for people and diffs: one member per line, keys in stored order, lists
    /// of plain values on one line. The same value always gives the same bytes.
    public func prettyPrinted(indent: String = "  ") -> String {
        var output = ""
        writePretty(to: &output, indent: indent, depth: 0)
        return output
    }

    private func writePretty(to output: inout String, indent: String, depth: Int) {
        let inner = String(repeating: indent, count: depth + 1)
        let closing = String(repeating: indent, count: depth)
        switch self {
        case .object(let object) where !object.isEmpty:
            output += "{\n"
            for index in object.keys.indices {
                output += inner
                JSONValue.writeQuoted(object.keys[index], to: &output)
                output += ": "
                object.values[index].writePretty(to: &output, indent: indent, depth: depth + 1)
                output += index < object.keys.count - 1 ? ",\n" : "\n"
            }
            output += closing + "}"
        case .array(let elements) where elements.contains(where: \.isContainer):
            output += "[\n"
            for (index, element) in elements.enumerated() {
                output += inner
                element.writePretty(to: &output, indent: indent, depth: depth + 1)
                output += index < elements.count - 1 ? ",\n" : "\n"
            }
            output += closing + "]"
        case .array(let elements):
            output += "[" + elements.map { $0.serialized() }.joined(separator: ", ") + "]"
        default:
            write(to: &output)
        }
    }

    /// Objects and arrays (which the pretty printer spreads over lines when not empty).
    private var isContainer: Bool {
        switch self {
        case .object(let object): !object.isEmpty
        case .array(let elements): !elements.isEmpty
        default: false
        }
    }
}
