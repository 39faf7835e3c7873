import TetherJSON
import TetherLayout

/// What was imported, for the person who pasted it: elements by section and kind, the content
/// size they span, what was read but not imported.
public struct ImportSummary: Sendable, Hashable {
    /// How many elements of one kind a section has.
    public struct Count: Sendable, Hashable {
        public var section: Int
        public var kind: ImportedKind
        public var count: Int

        public init(section: Int, kind: ImportedKind, count: Int) {
            self.section = section
            self.kind = kind
            self.count = count
        }
    }

    /// Elements per section and kind, by section then kind.
    public var counts: [Count]
    public var elementCount: Int
    /// The union of the frames from the origin: the largest x and y any element reaches (a
    /// turned one with its bounding box), the content size a custom layout takes by default.
    public var contentSize: Size
    /// A subclass field's name and how many descriptions had it.
    public struct FieldCount: Sendable, Hashable {
        public var name: String
        public var count: Int

        public init(name: String, count: Int) {
            self.name = name
            self.count = count
        }
    }

    /// Subclass fields read past, by name in order of first appearance, with how often.
    public var ignoredFields: [FieldCount]
    /// Descriptions of an element already described, dropped (the earlier or the later one).
    public var duplicatesDropped: Int
    /// Elements printed `hidden = YES`, imported with alpha 0.
    public var hiddenCount: Int
    /// Elements with a rotation, whose size was recovered from the frame.
    public var turnedCount: Int
    /// The first and last line holding a description.
    public var lines: ClosedRange<Int>

    public var ignoredFieldCount: Int { ignoredFields.reduce(0) { $0 + $1.count } }

    /// The summary in a few lines: "1000 elements from lines 3 … 1002", "section 0: 1 header,
    /// 20 cells", what was ignored. (The content size is the caller's to word: it knows whether
    /// one was given.)
    public var text: [String] {
        var lines = ["\(plural(elementCount, "element")) from lines \(self.lines.lowerBound) … \(self.lines.upperBound)"]
        var sections: [Int] = []
        for count in counts where sections.last != count.section { sections.append(count.section) }
        let shown = sections.count > 12 ? Array(sections.prefix(10)) : sections
        for section in shown {
            let parts = counts.filter { $0.section == section }.map { plural($0.count, Self.noun($0.kind, plural: false), Self.noun($0.kind, plural: true)) }
            lines.append("  section \(section): " + parts.joined(separator: ", "))
        }
        if shown.count < sections.count {
            let rest = counts.filter { $0.section > shown.last! }.reduce(0) { $0 + $1.count }
            lines.append("  sections \(sections[shown.count]) … \(sections.last!): \(plural(rest, "more element"))")
        }
        if turnedCount > 0 {
            lines.append("  \(plural(turnedCount, "turned element")): angle from the transform, size recovered from the frame")
        }
        if hiddenCount > 0 { lines.append("  \(plural(hiddenCount, "hidden element")) (hidden = YES) imported with alpha 0") }
        if !ignoredFields.isEmpty {
            let names = ignoredFields.map { $0.count == 1 ? $0.name : "\($0.name) ×\($0.count)" }.joined(separator: ", ")
            lines.append("  ignored \(plural(ignoredFieldCount, "subclass field")): \(names)")
        }
        if duplicatesDropped > 0 {
            lines.append("  \(plural(duplicatesDropped, "element")) described twice: one description of each kept (see the notes)")
        }
        return lines
    }

    /// "header", "cells", "decoration \"Background\"" for counting.
    static func noun(_ kind: ImportedKind, plural: Bool) -> String {
        let s = plural ? "s" : ""
        switch kind {
        case .cell: return "cell\(s)"
        case .header(let name): return name == UIKitKinds.header ? "header\(s)" : "header\(s) \(MessageText.quoted(name))"
        case .footer(let name): return name == UIKitKinds.footer ? "footer\(s)" : "footer\(s) \(MessageText.quoted(name))"
        case .decoration(let name): return "decoration\(s) \(MessageText.quoted(name))"
        case .supplementary(let name): return "supplementary view\(s) \(MessageText.quoted(name))"
        }
    }
}

/// "1 cell", "3 cells"; `plural` when adding an s is not how the noun's plural is made
/// ("2 decorations \"Background\"").
func plural(_ count: Int, _ noun: String, _ pluralNoun: String? = nil) -> String {
    count == 1 ? "1 \(noun)" : "\(count) \(pluralNoun ?? noun + "s")"
}
