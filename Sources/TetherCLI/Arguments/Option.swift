/// Why the text given for an option is not one of its values.
enum OptionValueError: Error {
    /// Not what the option takes: the message is
    /// "invalid value 'TEXT' for 'NAME': expected WHAT".
    case expected(String)
    /// A message of the option's own, whole ("invalid --vary '…': …").
    case message(String)
}

/// A switch: given or not.
struct Flag: Sendable {
    let declaration: OptionDeclaration

    init(_ names: String..., help: String) {
        declaration = OptionDeclaration(names, help: help)
    }
}

/// An option with a value, and how its text becomes a `Value`: the declaration and the
/// parsing in one place.
struct Option<Value>: Sendable {
    let declaration: OptionDeclaration
    let read: @Sendable (String) throws(OptionValueError) -> Value

    init(
        _ names: String..., value: String, repeats: Bool = false, required: Bool = false, help: String,
        read: @escaping @Sendable (String) throws(OptionValueError) -> Value
    ) {
        declaration = OptionDeclaration(names, value: value, repeats: repeats, required: required, help: help)
        self.read = read
    }

    /// An option whose text `parse` turns into a value, or nil for "expected `expected`".
    init(
        _ names: String..., value: String, repeats: Bool = false, required: Bool = false, help: String,
        expected: String, parse: @escaping @Sendable (String) -> Value?
    ) {
        declaration = OptionDeclaration(names, value: value, repeats: repeats, required: required, help: help)
        read = { (text: String) throws(OptionValueError) -> Value in
            guard let value = parse(text) else { throw .expected(expected) }
            return value
        }
    }
}

extension Option where Value == String {
    /// An option whose value is its text (a path, or text a command reads as a whole).
    init(_ names: String..., value: String, repeats: Bool = false, required: Bool = false, help: String) {
        declaration = OptionDeclaration(names, value: value, repeats: repeats, required: required, help: help)
        read = { (text: String) throws(OptionValueError) -> String in text }
    }
}

/// The value readers several options share.
enum OptionValue {
    /// A whole number in `range`.
    static func wholeNumber(in range: ClosedRange<Int>) -> @Sendable (String) -> Int? {
        { text in Int(text).flatMap { range.contains($0) ? $0 : nil } }
    }

    /// A finite number ≥ 0.
    static let nonNegative: @Sendable (String) -> Double? = { text in
        Double(text).flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }
    }

    /// A finite number > 0.
    static let positive: @Sendable (String) -> Double? = { text in
        Double(text).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    }
}
