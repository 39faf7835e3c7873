/// The parser's state: the input, a cursor, and the contents of the open containers.
///
/// Open containers keep their elements on two shared stacks (values, and keys for objects)
/// rather than in per-container arrays, so appending never copies a container and a
/// closing bracket moves its slice out in one step.
struct JSONScanner {
    private let bytes: [UInt8]
    private var index: Int
    private var frames: [OpenContainer] = []
    private var valueStack: [JSONValue] = []
    private var keyStack: [String] = []
    /// Reused for strings with escapes, so each one does not allocate afresh.
    private var scratch: [UInt8] = []

    /// An array or object whose closing bracket has not been read yet.
    private struct OpenContainer {
        var isObject: Bool
        var valueStart: Int
        var keyStart: Int
        /// Membership only (never iterated); built once an object outgrows a linear scan.
        var keySet: Set<String>? = nil
    }

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.index = ByteOrderMark.length(in: bytes)
    }

    // MARK: - Document

    mutating func parseDocument() throws(JSONScanFailure) -> JSONValue {
        skipWhitespace()
        var value: JSONValue
        parsing: while true {
            // Expecting a value: a scalar completes at once, a non-empty container is opened.
            guard let byte = peek() else { throw endOfInput() }
            switch byte {
            case UInt8(ascii: "["):
                try checkDepth()
                index += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "]") {
                    index += 1
                    value = .array([])
                } else {
                    frames.append(OpenContainer(isObject: false, valueStart: valueStack.count, keyStart: keyStack.count))
                    continue parsing
                }
            case UInt8(ascii: "{"):
                try checkDepth()
                index += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "}") {
                    index += 1
                    value = .object(JSONObject())
                } else {
                    frames.append(OpenContainer(isObject: true, valueStart: valueStack.count, keyStart: keyStack.count))
                    try parseKey(afterComma: false)
                    continue parsing
                }
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try parseNumber())
            default:
                value = try parseLiteral()
            }

            // A value is complete: hand it to the enclosing container, closing as many as end here.
            // Only plain fields are copied out of the frame, so its key set stays uniquely referenced.
            while let isObject = frames.last?.isObject {
                valueStack.append(value)
                skipWhitespace()
                guard let byte = peek() else { throw endOfInput() }
                let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if byte == UInt8(ascii: ",") {
                    let comma = index
                    index += 1
                    skipWhitespace()
                    if peek() == closer {
                        throw JSONScanFailure(offset: comma, message: "trailing comma before '\(Character(Unicode.Scalar(closer)))'")
                    }
                    if isObject { try parseKey(afterComma: true) }
                    continue parsing
                } else if byte == closer {
                    index += 1
                    let (valueStart, keyStart) = (frames[frames.count - 1].valueStart, frames[frames.count - 1].keyStart)
                    frames.removeLast()
                    let elements = Array(valueStack[valueStart...])
                    valueStack.removeSubrange(valueStart...)
                    if isObject {
                        let keys = Array(keyStack[keyStart...])
                        keyStack.removeSubrange(keyStart...)
                        value = .object(JSONObject(keys: keys, values: elements))
                    } else {
                        value = .array(elements)
                    }
                } else if isObject {
                    throw unexpected(byte, expected: "expected ',' or '}' after an object member")
                } else {
                    throw unexpected(byte, expected: "expected ',' or ']' after an array element")
                }
            }
            break parsing
        }
        skipWhitespace()
        if let byte = peek() {
            throw unexpected(byte, expected: "unexpected content after the JSON value")
        }
        return value
    }

    private func checkDepth() throws(JSONScanFailure) {
        if frames.count >= JSONParser.maximumDepth {
            throw JSONScanFailure(offset: index, message: "nesting deeper than \(JSONParser.maximumDepth) levels")
        }
    }

    /// Reads `"key"` and the `:` after it onto the key stack, leaving the cursor at the value.
    private mutating func parseKey(afterComma: Bool) throws(JSONScanFailure) {
        guard let byte = peek() else { throw endOfInput() }
        guard byte == UInt8(ascii: "\"") else {
            throw unexpected(byte, expected: afterComma ? "expected a string key after ','" : "expected a string key or '}'")
        }
        let keyStart = index
        let key = try parseString()
        try checkUnique(key, at: keyStart)
        keyStack.append(key)
        skipWhitespace()
        guard let colon = peek() else { throw endOfInput() }
        guard colon == UInt8(ascii: ":") else {
            throw unexpected(colon, expected: "expected ':' after an object key")
        }
        index += 1
        skipWhitespace()
    }

    /// Rejects a key the innermost object already has; small objects scan, large ones hash.
    private mutating func checkUnique(_ key: String, at offset: Int) throws(JSONScanFailure) {
        let top = frames.count - 1
        let start = frames[top].keyStart
        let isDuplicate: Bool
        if frames[top].keySet != nil {
            isDuplicate = !frames[top].keySet!.insert(key).inserted
        } else {
            isDuplicate = keyStack[start...].contains(key)
            if !isDuplicate && keyStack.count - start >= 16 {
                frames[top].keySet = Set(keyStack[start...]).union([key])
            }
        }
        if isDuplicate {
            throw JSONScanFailure(offset: offset, message: "duplicate key \(MessageText.quoted(key))")
        }
    }

    // MARK: - Scalars

    /// `true`, `false`, `null`, or a helpful error for the words people try instead.
    private mutating func parseLiteral() throws(JSONScanFailure) -> JSONValue {
        let start = index
        var end = index
        while end < bytes.count, JSONScanner.isWordByte(bytes[end]) { end += 1 }
        guard end > start else {
            throw unexpected(bytes[start], expected: "expected a value")
        }
        let word = String(decoding: bytes[start..<end], as: UTF8.self)
        switch word {
        case "true": index = end; return .bool(true)
        case "false": index = end; return .bool(false)
        case "null": index = end; return .null
        case "NaN", "nan", "Infinity", "infinity", "inf":
            throw JSONScanFailure(offset: start, message: "\(word) is not allowed in JSON")
        default:
            throw JSONScanFailure(offset: start, message: "invalid literal \(MessageText.quoted(word)); expected a value")
        }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    /// RFC 8259 number grammar, then `Double(String)` for correct rounding.
    private mutating func parseNumber() throws(JSONScanFailure) -> Double {
        let start = index
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
            guard let byte = peek() else { throw endOfInput() }
            if !JSONScanner.isDigit(byte) {
                if byte == UInt8(ascii: "I") || byte == UInt8(ascii: "N") || byte == UInt8(ascii: "i") {
                    var end = index
                    while end < bytes.count, JSONScanner.isWordByte(bytes[end]) { end += 1 }
                    let word = String(decoding: bytes[start..<end], as: UTF8.self)
                    throw JSONScanFailure(offset: start, message: "\(word) is not allowed in JSON")
                }
                throw unexpected(byte, expected: "expected a digit after '-'")
            }
        }
        // Integer part: "0" alone, or a non-zero digit and more digits.
        var mantissa: UInt64 = 0
        var digitCount = 0
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if let next = peek(), JSONScanner.isDigit(next) {
                throw JSONScanFailure(offset: index - 1, message: "leading zeros are not allowed")
            }
        } else {
            while let byte = peek(), JSONScanner.isDigit(byte) {
                if digitCount < 19 { mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0")) }
                digitCount += 1
                index += 1
            }
        }
        var isInteger = true
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard let byte = peek() else { throw endOfInput() }
            guard JSONScanner.isDigit(byte) else { throw unexpected(byte, expected: "expected a digit after '.'") }
            while let byte = peek(), JSONScanner.isDigit(byte) { index += 1 }
        }
        if let byte = peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
            guard let byte = peek() else { throw endOfInput() }
            guard JSONScanner.isDigit(byte) else { throw unexpected(byte, expected: "expected a digit in the exponent") }
            while let byte = peek(), JSONScanner.isDigit(byte) { index += 1 }
        }
        // Up to 15 digits an integer is exact in a Double; skip the string round trip.
        if isInteger && digitCount <= 15 {
            let magnitude = Double(mantissa)
            return negative ? -magnitude : magnitude
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw JSONScanFailure(offset: start, message: "number out of range")
        }
        return value
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    // MARK: - Strings

    /// Reads a string starting at its opening quote, validating UTF-8 and decoding escapes.
    private mutating func parseString() throws(JSONScanFailure) -> String {
        let quote = index
        index += 1
        let contentStart = index
        // Fast path: no escapes, so the bytes between the quotes are the string.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: bytes[contentStart..<index], as: UTF8.self)
                index += 1
                return text
            } else if byte == UInt8(ascii: "\\") {
                break
            } else if byte < 0x20 {
                throw controlCharacter(byte)
            } else if byte < 0x80 {
                index += 1
            } else {
                try skipMultibyteScalar()
            }
        }
        guard index < bytes.count else { throw unterminatedString(at: quote) }
        // Slow path: copy into the scratch buffer, decoding escapes.
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: bytes[contentStart..<index])
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            } else if byte == UInt8(ascii: "\\") {
                try parseEscape()
            } else if byte < 0x20 {
                throw controlCharacter(byte)
            } else if byte < 0x80 {
                scratch.append(byte)
                index += 1
            } else {
                let start = index
                try skipMultibyteScalar()
                scratch.append(contentsOf: bytes[start..<index])
            }
        }
        throw unterminatedString(at: quote)
    }

    private func unterminatedString(at quote: Int) -> JSONScanFailure {
        JSONScanFailure(offset: quote, message: "unterminated string")
    }

    private func controlCharacter(_ byte: UInt8) -> JSONScanFailure {
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
            return JSONScanFailure(offset: index, message: "unescaped line break in a string (missing closing quote?)")
        }
        return JSONScanFailure(offset: index, message: "unescaped control character \(JSONScanner.codePoint(UInt32(byte))) in a string")
    }

    /// Decodes one escape sequence at the cursor (a backslash) into the scratch buffer.
    private mutating func parseEscape() throws(JSONScanFailure) {
        let backslash = index
        index += 1
        guard let byte = peek() else { throw unterminatedStringAfterEscape() }
        let simple: UInt8?
        switch byte {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = UInt8(ascii: "\n")
        case UInt8(ascii: "r"): simple = UInt8(ascii: "\r")
        case UInt8(ascii: "t"): simple = UInt8(ascii: "\t")
        case UInt8(ascii: "u"): simple = nil
        default:
            let shown = describeEscapedCharacter(at: index)
            throw JSONScanFailure(offset: backslash, message: "invalid escape \\\(shown)")
        }
        if let simple {
            scratch.append(simple)
            index += 1
            return
        }
        index += 1
        let first = try readHex4(escapeAt: backslash)
        var scalarValue = first
        if (0xD800...0xDBFF).contains(first) {
            // A high surrogate must be followed at once by an escaped low surrogate.
            let secondStart = index
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw loneSurrogate(first, at: backslash)
            }
            index += 2
            let second = try readHex4(escapeAt: secondStart)
            guard (0xDC00...0xDFFF).contains(second) else { throw loneSurrogate(first, at: backslash) }
            scalarValue = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(first) {
            throw loneSurrogate(first, at: backslash)
        }
        // Every value here is a valid scalar: surrogates were handled above.
        guard let scalar = Unicode.Scalar(scalarValue) else { throw loneSurrogate(first, at: backslash) }
        if let encoded = UTF8.encode(scalar) { scratch.append(contentsOf: encoded) }
    }

    private func unterminatedStringAfterEscape() -> JSONScanFailure {
        JSONScanFailure(offset: index, message: "unexpected end of input")
    }

    private func loneSurrogate(_ value: UInt32, at offset: Int) -> JSONScanFailure {
        JSONScanFailure(offset: offset, message: "lone surrogate \\u\(JSONScanner.hex4(value)) in a string")
    }

    private mutating func readHex4(escapeAt backslash: Int) throws(JSONScanFailure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek() else { throw endOfInput() }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw JSONScanFailure(offset: backslash, message: "invalid escape: \\u must be followed by 4 hex digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Validates one multi-byte UTF-8 sequence at the cursor and steps past it.
    private mutating func skipMultibyteScalar() throws(JSONScanFailure) {
        guard let length = JSONScanner.validUTF8Length(bytes, at: index) else {
            throw JSONScanFailure(offset: index, message: "invalid UTF-8")
        }
        index += length
    }

    /// The length of the well-formed UTF-8 sequence starting at `offset`, or nil (Unicode Table 3-7).
    static func validUTF8Length(_ bytes: [UInt8], at offset: Int) -> Int? {
        let lead = bytes[offset]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: return nil
        }
        guard offset + length <= bytes.count, secondRange.contains(bytes[offset + 1]) else { return nil }
        for continuation in (offset + 2)..<(offset + length) where bytes[continuation] & 0xC0 != 0x80 {
            return nil
        }
        return length
    }

    // MARK: - Helpers

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    /// JSON whitespace only: space, tab, line feed, carriage return.
    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                index += 1
            default:
                return
            }
        }
    }

    private func endOfInput() -> JSONScanFailure {
        JSONScanFailure(offset: bytes.count, message: "unexpected end of input")
    }

    /// An error at the cursor naming the unexpected character; comments and invalid UTF-8 get their own words.
    private func unexpected(_ byte: UInt8, expected: String) -> JSONScanFailure {
        if byte == UInt8(ascii: "/"), index + 1 < bytes.count,
           bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*") {
            return JSONScanFailure(offset: index, message: "comments are not allowed in JSON")
        }
        if byte >= 0x80, JSONScanner.validUTF8Length(bytes, at: index) == nil {
            return JSONScanFailure(offset: index, message: "invalid UTF-8")
        }
        return JSONScanFailure(offset: index, message: "\(expected), found \(describeCharacter(at: index))")
    }

    /// A character for a message: 'x' when printable, U+XXXX otherwise (`MessageText.character`).
    private func describeCharacter(at offset: Int) -> String {
        MessageText.character(scalar(at: offset))
    }

    /// The character after a backslash, as written, for "invalid escape \q".
    private func describeEscapedCharacter(at offset: Int) -> String {
        let scalar = scalar(at: offset)
        if MessageText.needsEscape(scalar) {
            return "followed by \(MessageText.codePoint(scalar.value))"
        }
        return String(Character(scalar))
    }

    private func scalar(at offset: Int) -> Unicode.Scalar {
        guard let length = JSONScanner.validUTF8Length(bytes, at: offset) else { return "\u{FFFD}" }
        return String(decoding: bytes[offset..<(offset + length)], as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
    }

    static func codePoint(_ value: UInt32) -> String {
        MessageText.codePoint(value)
    }

    static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
