import Foundation

/// Just enough of a Markdown page for the documentation tests: its links, the anchors GitHub
/// gives its headings, and its fenced `sh` blocks with the marker comment before each. Fenced
/// code and inline code are not prose: links and headings inside them do not count.
struct MarkdownPage {
    /// A `[text](target)` or `![alt](target)` in the prose, with its line (1-based).
    struct Link {
        var target: String
        var line: Int
    }

    /// A fenced block whose info string is `sh`, with the `<!-- … -->` comment on the line before
    /// its fence, if any.
    struct ShellBlock {
        var text: String
        var line: Int
        var marker: String?
    }

    let path: String
    let links: [Link]
    let anchors: Set<String>
    let shellBlocks: [ShellBlock]

    init(path: String, text: String) {
        self.path = path
        var links: [Link] = []
        var headings: [String] = []
        var explicitAnchors: [String] = []
        var blocks: [ShellBlock] = []
        let lines = text.components(separatedBy: "\n")
        var fence: (marker: String, info: String, start: Int, body: [String])?
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var open = fence {
                if trimmed == open.marker {
                    if open.info == "sh" {
                        let comment = Self.comment(in: lines[max(open.start - 1, 0)])
                        blocks.append(ShellBlock(text: open.body.joined(separator: "\n"), line: open.start + 1, marker: open.start > 0 ? comment : nil))
                    }
                    fence = nil
                } else {
                    open.body.append(line)
                    fence = open
                }
                continue
            }
            if trimmed.hasPrefix("```") {
                let info = String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                fence = ("```", info, index, [])
                continue
            }
            if let heading = Self.heading(trimmed) { headings.append(heading) }
            explicitAnchors += Self.explicitAnchors(in: line)
            links += Self.linkTargets(in: line).map { Link(target: $0, line: index + 1) }
        }
        self.links = links
        self.anchors = Set(Self.slugs(of: headings) + explicitAnchors)
        self.shellBlocks = blocks
    }

    /// The text of an ATX heading (`## Title`), or nil.
    static func heading(_ line: String) -> String? {
        let hashes = line.prefix(while: { $0 == "#" }).count
        guard (1...6).contains(hashes) else { return nil }
        let rest = line.dropFirst(hashes)
        guard rest.first == " " else { return nil }
        return rest.trimmingCharacters(in: .whitespaces)
    }

    /// The anchors GitHub gives these headings, in order: the heading's text as rendered
    /// (inline code and emphasis markers dropped, a link reduced to its text), lowercased, every
    /// character that is not a letter, a mark, a digit, `_`, `-` or a space removed, spaces made
    /// hyphens; a repeated slug gets `-1`, `-2`… in order of appearance.
    static func slugs(of headings: [String]) -> [String] {
        var seen: [String: Int] = [:]
        return headings.map { heading in
            let base = slug(heading)
            let count = seen[base, default: 0]
            seen[base] = count + 1
            return count == 0 ? base : "\(base)-\(count)"
        }
    }

    static func slug(_ heading: String) -> String {
        let rendered = heading
            .replacing(#/\[([^\]]*)\]\([^)]*\)/#) { String($0.output.1) }
            .replacingOccurrences(of: "`", with: "")
            .replacingOccurrences(of: "*", with: "")
        var slug = ""
        for scalar in rendered.lowercased().unicodeScalars {
            let properties = scalar.properties
            if scalar == " " {
                slug.append("-")
            } else if scalar == "-" || scalar == "_" || properties.isAlphabetic
                        || properties.generalCategory == .nonspacingMark || properties.generalCategory == .decimalNumber
                        || properties.generalCategory == .otherNumber || properties.generalCategory == .letterNumber {
                slug.unicodeScalars.append(scalar)
            }
        }
        return slug
    }

    /// `<a id="name"></a>` and `<a name="name"></a>` anchors written by hand.
    static func explicitAnchors(in line: String) -> [String] {
        line.matches(of: #/<a (?:id|name)="([^"]+)"/#).map { String($0.output.1) }
    }

    /// The targets of the links and images in one line of prose, outside inline code.
    static func linkTargets(in line: String) -> [String] {
        let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
        return prose.matches(of: #/\]\(([^)\s]+)\)/#).map { String($0.output.1) }
    }

    /// The text of an HTML comment that makes up the whole line, without `<!--` and `-->`.
    static func comment(in line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<!--"), trimmed.hasSuffix("-->") else { return nil }
        return trimmed.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
    }

    /// README.md and every docs/*.md, relative to the package root, in path order.
    static func documentationPages() throws -> [MarkdownPage] {
        let root = TetherProcess.packageRoot
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return try (["README.md"] + docs).map { path in
            MarkdownPage(path: path, text: try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
        }
    }
}
