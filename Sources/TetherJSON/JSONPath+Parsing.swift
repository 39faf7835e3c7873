extension JSONPath {
    /// Parses the text people type on the command line: `a.b[2].c`.
    ///
    /// A key segment runs to the next `.` or `[` and may hold any other characters
    /// (`--set "layout.item-size=3"` works); `["…"]` takes a JSON-quoted key, which is how
    /// `description` prints keys that are not identifiers, so printed paths parse back.
    /// An optional leading `$` names the root; `$` alone is the root itself.
    public init(parsing text: String) throws(JSONPathSyntaxError) {
        var parser = JSONPathParser(text)
        self.init(try parser.parse())
    }
}

/// A cursor over the characters of a path.
private struct JSONPathParser {
    let text: String
    let characters: [Character]
    var index = 0

    init(_ text: String) {
        self.text = text
        self.characters = Array(text)
    }

    mutating func parse() throws(JSONPathSyntaxError) -> [JSONPath.Component] {
        guard !characters.isEmpty else { throw failure("the path is empty") }
        var components: [JSONPath.Component] = []
        var expectKey = true  // at the start, or just after a "."
        var afterDot = false
        if characters[0] == "$" {
            index = 1
            guard index < characters.count else { return [] }
            expectKey = false
        }
        while index < characters.count {
            let character = characters[index]
            if character == "[" {
                if afterDot { throw failure("expected a key after '.'") }
                components.append(try parseBracket())
                expectKey = false
            } else if character == "." {
                if expectKey { throw failure(components.isEmpty && index == 0 ? "the path starts with '.'" : "empty key between '.'s") }
                index += 1
                expectKey = true
                afterDot = true
                if index == characters.count { throw failure("the path ends with '.'") }
                continue
            } else if character == "]" {
                throw failure("unexpected ']'")
            } else {
                if !expectKey { throw failure("expected '.' or '[' before \(quoted(character))") }
                let start = index
                while index < characters.count, !".[]".contains(characters[index]) { index += 1 }
                components.append(.key(String(characters[start..<index])))
                expectKey = false
            }
            afterDot = false
        }
        return components
    }

    /// `[12]` or `["key"]`, cursor on the `[`.
    private mutating func parseBracket() throws(JSONPathSyntaxError) -> JSONPath.Component {
        index += 1
        guard index < characters.count else { throw failure("unclosed '['") }
        if characters[index] == "\"" {
            let start = index
            index += 1
            var escaped = false
            while index < characters.count, escaped || characters[index] != "\"" {
                escaped = !escaped && characters[index] == "\\"
                index += 1
            }
            guard index < characters.count else { throw failure("unterminated quoted key", at: start) }
            index += 1
            let literal = String(characters[start..<index])
            guard case .string(let key)? = try? JSONParser.parse(literal) else {
                throw failure("invalid quoted key \(literal)", at: start)
            }
            try expectClosingBracket()
            return .key(key)
        }
        let start = index
        while index < characters.count, let ascii = characters[index].asciiValue, JSONPath.isDigit(ascii) { index += 1 }
        guard index > start else {
            throw failure(index < characters.count && characters[index] == "]"
                ? "empty index '[]'" : "expected an index (digits) or a quoted key after '['")
        }
        guard let number = Int(String(characters[start..<index])) else { throw failure("index is too large", at: start) }
        try expectClosingBracket()
        return .index(number)
    }

    private mutating func expectClosingBracket() throws(JSONPathSyntaxError) {
        guard index < characters.count else { throw failure("unclosed '['") }
        guard characters[index] == "]" else { throw failure("expected ']' but found \(quoted(characters[index]))") }
        index += 1
    }

    private func quoted(_ character: Character) -> String {
        "'\(MessageText.plain(String(character)))'"
    }

    private func failure(_ message: String, at position: Int? = nil) -> JSONPathSyntaxError {
        JSONPathSyntaxError(text: text, column: (position ?? index) + 1, message: message)
    }
}
