/// A command's `--help`, assembled from its option declarations: the overview, usage lines,
/// sections of options (and of other rows: arguments, metrics), closing notes and the exit
/// codes. The options the command accepts are exactly those its sections list (`options`).
struct CommandHelp: Sendable {
    /// One row of a section.
    enum Entry: Sendable {
        case option(OptionDeclaration)
        /// A row that is not an option: an argument, a metric.
        case row(String, String)
        /// A line of prose inside the section.
        case text(String)
    }

    struct Section: Sendable {
        var title: String
        var entries: [Entry]

        init(_ title: String, _ entries: [Entry]) {
            self.title = title
            self.entries = entries
        }

        /// A section that lists options only.
        init(_ title: String, options: [OptionDeclaration]) {
            self.init(title, options.map(Entry.option))
        }
    }

    /// One way to call the command: what follows `tether NAME` (arguments, a mode option), then
    /// its options: required ones bare, optional ones in brackets, and alternatives —
    /// `(--a A --b B | --c C --d D)` — where exactly one group must be given.
    struct Usage: Sendable {
        enum Item: Sendable {
            case option(OptionDeclaration)
            case oneOf([[OptionDeclaration]])
        }

        var lead: String
        var items: [Item]

        init(_ lead: String, _ items: [Item]) {
            self.lead = lead
            self.items = items
        }

        init(_ lead: String, options: [OptionDeclaration]) {
            self.init(lead, options.map(Item.option))
        }

        func line(command: String) -> String {
            var parts = ["tether", command]
            if !lead.isEmpty { parts.append(lead) }
            for item in items {
                switch item {
                case .option(let option):
                    // Repeatable: `[--set PATH=VALUE ...]` (a value that is a list already,
                    // `M,...`, says so itself), or `--vary … [--vary ...]` when required.
                    let isList = (option.value ?? "").hasSuffix("...")
                    switch (option.isRequired, option.repeats) {
                    case (false, true) where !isList: parts.append("[\(option.usageText) ...]")
                    case (false, _): parts.append("[\(option.usageText)]")
                    case (true, false): parts.append(option.usageText)
                    case (true, true): parts.append("\(option.usageText) [\(option.names[0]) ...]")
                    }
                case .oneOf(let groups):
                    let alternatives = groups.map { $0.map(\.usageText).joined(separator: " ") }
                    parts.append("(" + alternatives.joined(separator: " | ") + ")")
                }
            }
            return parts.joined(separator: " ")
        }
    }

    /// The text after "OVERVIEW: ": the command's abstract, then any more lines.
    var overview: String
    var usages: [Usage]
    var sections: [Section]
    /// Paragraphs after the sections.
    var notes: [String]

    init(overview: String, usages: [Usage], sections: [Section], notes: [String] = []) {
        self.overview = overview
        self.usages = usages
        self.sections = sections
        self.notes = notes
    }

    /// The usual shape: one usage line (`lead`, then every option), the arguments, and one
    /// OPTIONS section ending with `-h, --help`.
    init(overview: String, lead: String, arguments: [(String, String)] = [], options: [OptionDeclaration], notes: [String] = []) {
        var sections: [Section] = []
        if !arguments.isEmpty { sections.append(Section("ARGUMENTS", arguments.map { Entry.row($0.0, $0.1) })) }
        sections.append(Section("OPTIONS", options: options + [CommonOptions.help.declaration]))
        self.init(overview: overview, usages: [Usage(lead, options: options)], sections: sections, notes: notes)
    }

    /// Every option the sections list, in order: what the parser accepts.
    var options: [OptionDeclaration] {
        sections.flatMap { section in
            section.entries.compactMap { entry in
                if case .option(let option) = entry { return option }
                return nil
            }
        }
    }

    /// Labels up to this width share the line with their text; longer ones get a line of their own.
    static let labelWidth = 22

    func text(command: String) -> String {
        var lines = ["OVERVIEW: \(overview)", ""]
        for (index, usage) in usages.enumerated() {
            lines.append((index == 0 ? "USAGE: " : "       ") + usage.line(command: command))
        }
        for section in sections {
            lines += ["", "\(section.title):"]
            for entry in section.entries {
                switch entry {
                case .option(let option): lines += Self.row(option.helpLabel, option.help)
                case .row(let label, let text): lines += Self.row(label, text)
                case .text(let text): lines.append("  " + text)
                }
            }
        }
        for note in notes { lines += ["", note] }
        lines += ["", Self.exitCodes]
        return lines.joined(separator: "\n")
    }

    /// "  LABEL   text", the text's further lines under its first.
    static func row(_ label: String, _ text: String) -> [String] {
        let indent = String(repeating: " ", count: labelWidth + 4)
        var textLines = text.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }
        if label.count <= labelWidth {
            let padded = label + String(repeating: " ", count: labelWidth + 2 - label.count)
            textLines[0] = "  " + padded + textLines[0].dropFirst(indent.count)
            return textLines
        }
        return ["  " + label] + textLines
    }

    static let exitCodes = """
        EXIT CODES:
          0 success · 1 golden mismatch · 64 usage error · 65 invalid scenario ·
          66 input missing or unreadable · 70 simulation failure · 73 output cannot be written
        """
}
