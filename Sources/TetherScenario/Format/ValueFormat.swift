import TetherJSON

/// What one value of a scenario file must be.
///
/// The decoders read values through it, and the JSON Schema (`ScenarioSchema`) and the key tables
/// of docs/scenario-format.md (`FormatReference`) are written from it, so the three cannot
/// disagree about a type, a range or a list of choices.
public indirect enum ValueFormat: Sendable, Hashable {
    case integer(ClosedRange<Int>)
    /// A number in a closed range; an infinite bound means no bound on that side.
    case number(ClosedRange<Double>)
    /// A number in (0, max]: sizes, durations, stiffnesses.
    case positive(max: Double)
    case boolean
    /// Any string.
    case text
    /// 1 … maxLength characters (Unicode scalars): ids of items, behaviors and boundaries.
    case identifier(maxLength: Int)
    /// 1 … maxLength characters of A–Z, a–z, 0–9, '-' and '_': the scenario's name, which names a file.
    case fileName(maxLength: Int)
    /// A file's path (`elementsFile`): any string without control characters, line separators or
    /// other characters messages escape (`MessageText.needsEscape`), which the system would
    /// read differently from the way they print — a NUL ends the path where C reads it.
    case filePath
    /// One string of a fixed list.
    case choice([String])
    case object(ObjectFormat)
    /// Objects told apart by a tag key (`"type"`, `"kind"`).
    case union(UnionFormat)
    /// A list; `count` bounds its length, `unique` forbids repeated entries.
    case array(of: ValueFormat, count: ClosedRange<Int>, unique: Bool)
    /// The format, or `null`.
    case nullable(ValueFormat)
    /// Any JSON value, checked by the decoder against what it stands for (a `set` event's value
    /// against the key of the parameter it sets).
    case anyValue

    /// A list of any length.
    public static func list(of element: ValueFormat) -> ValueFormat {
        .array(of: element, count: 0...Int.max, unique: false)
    }

    /// Checks the value against this format, with the messages the decoders have always given.
    /// Objects, unions and lists are checked for their JSON type only: their members and entries
    /// are read by the decoders, whose messages know the context (counts, ids, neighbours).
    public func check(_ value: JSONValue, at path: JSONPath) throws(ValidationError) {
        switch self {
        case .integer(let range): _ = try value.integer(at: path, in: range)
        case .number(let range): _ = try value.number(at: path, in: range)
        case .positive(let max): _ = try value.positiveNumber(at: path, max: max)
        case .boolean: _ = try value.bool(at: path)
        case .text: _ = try value.string(at: path)
        case .identifier(let maxLength):
            let id = try value.string(at: path)
            guard !id.isEmpty, id.unicodeScalars.count <= maxLength else {
                throw ValidationError(path, "an id must be 1 to \(maxLength) characters")
            }
        case .fileName(let maxLength):
            let name = try value.string(at: path)
            let allowed = name.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
            }
            guard !name.isEmpty, name.unicodeScalars.count <= maxLength, allowed else {
                throw ValidationError(
                    path, "name must be 1 to \(maxLength) characters of A-Z, a-z, 0-9, '-' and '_' (it names the golden file)")
            }
        case .filePath:
            let text = try value.string(at: path)
            if let (offset, scalar) = text.unicodeScalars.enumerated().first(where: { MessageText.needsEscape($0.element) }) {
                throw ValidationError(
                    path, "a file path cannot hold control characters: found \(MessageText.codePoint(scalar.value)) at character \(offset + 1) of \(MessageText.quoted(text))")
            }
        case .choice(let options): _ = try value.oneOf(options, at: path)
        case .object, .union: _ = try value.object(at: path)
        case .array: _ = try value.array(at: path)
        case .nullable(let format):
            if case .null = value { return }
            try format.check(value, at: path)
        case .anyValue: break
        }
    }

    /// An integer checked against this (integer) format.
    public func integer(_ value: JSONValue, at path: JSONPath) throws(ValidationError) -> Int {
        try check(value, at: path)
        guard case .number(let number) = value else { preconditionFailure("not an integer format") }
        return Int(number)
    }

    /// A number checked against this (number) format.
    public func number(_ value: JSONValue, at path: JSONPath) throws(ValidationError) -> Double {
        try check(value, at: path)
        guard case .number(let number) = value else { preconditionFailure("not a number format") }
        return number
    }

    /// Whether this is a list.
    public var isList: Bool {
        if case .array = self { return true }
        return false
    }

    /// The format of a list's entries.
    public var element: ValueFormat {
        switch self {
        case .array(let element, _, _): element
        case .nullable(let format): format.element
        default: preconditionFailure("not a list format")
        }
    }

    /// The bounds of a list's length (every length for other formats).
    public var count: ClosedRange<Int> {
        switch self {
        case .array(_, let count, _): count
        case .nullable(let format): format.count
        default: 0...Int.max
        }
    }
}
