import Foundation
import TetherJSON

/// The key tables of docs/scenario-format.md, written from the same tables the decoders read.
/// Each table follows a marker line `<!-- keys: NAME -->`, after an anchor `<a id="name">` that
/// the type columns link to; a test checks that the document holds exactly these tables and
/// anchors, and `tether schema --format markdown` prints them all.
public enum FormatReference {
    /// Every table: its name (an object's, or a union variant's "union.tag") and its Markdown.
    public static var tables: [(name: String, markdown: String)] {
        var result: [(String, String)] = []
        for format in ScenarioFormat.all {
            switch format {
            case .object(let object):
                result.append((object.name, table(object.keys, rules: object.rules)))
            case .union(let union):
                result.append((union.name, table([union.tag] + union.common, rules: [])))
                for variant in union.variants where variant.nested == nil {
                    let name = "\(union.name).\(variant.tag)"
                    result.append((name, table(variant.keys, rules: variant.rules)))
                }
            default:
                break
            }
        }
        return result
    }

    /// All tables, each after the anchor its type column links to and its marker line.
    public static var markdown: String {
        tables.map { "<a id=\"\(anchor($0.name))\"></a>\n\n<!-- keys: \($0.name) -->\n\($0.markdown)" }
            .joined(separator: "\n\n") + "\n"
    }



    static func table(_ keys: [FormatKey], rules: [KeyRule]) -> String {
        var lines = ["| key | type | unit | default | allowed | meaning |", "|---|---|---|---|---|---|"]
        if keys.isEmpty { lines.append("| (no keys) | | | | | |") }
        for key in keys {
            let cells = [
                "`\(key.name)`", type(key.format), key.unit ?? "", defaultText(key), allowed(key.format), escape(key.description),
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        for rule in rules { lines.append("| | | | | | \(describe(rule)) |") }
        return lines.joined(separator: "\n")
    }

    static func defaultText(_ key: FormatKey) -> String {
        if key.isRequired { return "required" }
        if let value = key.defaultValue { return "`\(escape(value.serialized()))`" }
        return escape(key.defaultNote ?? "—")
    }

    static func type(_ format: ValueFormat) -> String {
        switch format {
        case .integer: "integer"
        case .number, .positive: "number"
        case .boolean: "boolean"
        case .text, .identifier, .fileName, .filePath: "string"
        case .choice(let options): options.map { "`\"\($0)\"`" }.joined(separator: ", ")
        case .object(let object): "[\(object.name)](#\(anchor(object.name)))"
        case .union(let union): "[\(union.name)](#\(anchor(union.name)))"
        case .array(let element, _, _): "list of \(type(element))"
        case .nullable(let inner): "\(type(inner)) or `null`"
        case .anyValue: "any"
        }
    }

    static func allowed(_ format: ValueFormat) -> String {
        switch format {
        case .integer(let range):
            range.upperBound == Int.max
                ? "≥ \(number(Double(range.lowerBound)))" : "\(number(Double(range.lowerBound))) … \(number(Double(range.upperBound)))"
        case .number(let range):
            switch (range.lowerBound.isFinite, range.upperBound.isFinite) {
            case (true, true): "\(number(range.lowerBound)) … \(number(range.upperBound))"
            case (true, false): "≥ \(number(range.lowerBound))"
            case (false, true): "≤ \(number(range.upperBound))"
            case (false, false): "any"
            }
        case .positive(let max): "> 0, ≤ \(number(max))"
        case .identifier(let maxLength): "1 … \(maxLength) characters"
        case .fileName(let maxLength): "1 … \(maxLength) of A–Z a–z 0–9 - _"
        case .filePath: "no control characters"
        case .array(let element, let count, let unique):
            [
                count.lowerBound > 0 ? "at least \(count.lowerBound)" : nil,
                count.upperBound != Int.max ? "at most \(number(Double(count.upperBound)))" : nil,
                unique ? "no repeats" : nil,
                allowed(element).isEmpty ? nil : (element.isList ? allowed(element) : "each \(allowed(element))"),
            ].compactMap { $0 }.joined(separator: ", ")
        case .nullable(let inner): allowed(inner)
        default: ""
        }
    }

    static func describe(_ rule: KeyRule) -> String {
        func list(_ names: [String]) -> String { names.map { "`\($0)`" }.joined(separator: ", ") }
        switch rule {
        case .exactlyOne(let names): return "Exactly one of \(list(names))."
        case .atMostOne(let names): return "At most one of \(list(names))."
        case .requires(let name, let others): return "`\(name)` needs \(list(others))."
        case .excludes(let name, let others): return "With `\(name)`, none of \(list(others))."
        }
    }

    /// Numbers as the JSON would hold them, thousands grouped for reading (1 000 000).
    static func number(_ value: Double) -> String {
        let text = JSONNumberFormat.compact(value)
        guard value == value.rounded(), abs(value) >= 10_000, !text.contains("e") else { return text }
        var digits = Array(text.hasPrefix("-") ? text.dropFirst() : Substring(text))
        var grouped: [Character] = []
        while digits.count > 3 {
            grouped = [" "] + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return (value < 0 ? "−" : "") + String(digits + grouped)
    }

    /// A heading's anchor as GitHub writes it: lower case, spaces to hyphens, dots dropped.
    static func anchor(_ name: String) -> String {
        name.lowercased().filter { $0 != "." }
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
