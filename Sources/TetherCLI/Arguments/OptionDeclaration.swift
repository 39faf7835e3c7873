/// One command-line option, declared once: its spellings, the placeholder of its value (none
/// for a flag), whether it may be given more than once, and its help. The usage line, the help
/// text and the parser all read these declarations, so they cannot disagree.
struct OptionDeclaration: Sendable, Hashable {
    /// Every spelling, short first: `["-o", "--output"]`.
    let names: [String]
    /// What the value looks like in usage and help (`FILE`, `visible|all`); nil for a flag.
    let value: String?
    /// A repeatable option keeps every value in order; any other keeps its last (as getopt does).
    let repeats: Bool
    /// Shown without brackets in the usage line. The command's `validate()` says what is
    /// missing, in its own words, when it is absent.
    let isRequired: Bool
    /// One or more lines; the help text wraps nothing itself.
    let help: String

    init(_ names: [String], value: String? = nil, repeats: Bool = false, required: Bool = false, help: String) {
        precondition(!names.isEmpty && names.allSatisfy { $0.hasPrefix("-") }, "an option is spelled with dashes")
        self.names = names
        self.value = value
        self.repeats = repeats
        self.isRequired = required
        self.help = help
    }

    /// The long spelling, for messages: `--output`.
    var name: String { names[names.count - 1] }

    var isFlag: Bool { value == nil }

    /// `-o, --output FILE`: how the help lists it.
    var helpLabel: String {
        names.joined(separator: ", ") + (value.map { " " + $0 } ?? "")
    }

    /// `-o FILE`: how the usage line shows it (brackets added there).
    var usageText: String {
        names[0] + (value.map { " " + $0 } ?? "")
    }
}
