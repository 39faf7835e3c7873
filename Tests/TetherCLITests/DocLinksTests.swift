import Foundation
import Testing

/// Every relative link of README.md and docs/*.md leads somewhere: the file or folder exists, and
/// a `#anchor` names a heading of the page it points to (by GitHub's slug rules) or an
/// `<a id>` written in it. A page moved or a heading reworded breaks a link here, not for a reader.
@Suite struct DocLinksTests {
    @Test func everyRelativeLinkAndAnchorResolves() throws {
        let pages = try MarkdownPage.documentationPages()
        let byPath = Dictionary(uniqueKeysWithValues: pages.map { ($0.path, $0) })
        #expect(pages.count >= 10, "README.md and the docs pages")
        var broken: [String] = []
        for page in pages {
            for link in page.links where !link.target.contains("://") && !link.target.hasPrefix("mailto:") {
                let parts = link.target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let file = String(parts[0])
                let anchor = parts.count > 1 ? String(parts[1]) : nil
                let folder = (page.path as NSString).deletingLastPathComponent
                let resolved = file.isEmpty ? page.path : ((folder as NSString).appendingPathComponent(file) as NSString).standardizingPath
                let where_ = "\(page.path):\(link.line): \(link.target)"
                guard FileManager.default.fileExists(atPath: TetherProcess.packageRoot.appendingPathComponent(resolved).path) else {
                    broken.append("\(where_): no file \(resolved)")
                    continue
                }
                guard let anchor else { continue }
                guard let target = byPath[resolved] else {
                    broken.append("\(where_): an anchor into \(resolved), which is not a docs page")
                    continue
                }
                if !target.anchors.contains(anchor) { broken.append("\(where_): \(resolved) has no heading #\(anchor)") }
            }
        }
        #expect(broken.isEmpty, "broken links:\n\(broken.joined(separator: "\n"))")
    }

    /// The slug rules on headings whose anchors GitHub is known to give.
    @Test func headingsGetGitHubsAnchors() {
        #expect(MarkdownPage.slug("1. The top level") == "1-the-top-level")
        #expect(MarkdownPage.slug("`tether spring`") == "tether-spring")
        #expect(MarkdownPage.slug("Living lists: updates, the drop-in list, drag to reorder")
                == "living-lists-updates-the-drop-in-list-drag-to-reorder")
        #expect(MarkdownPage.slug("Output files, interruptions and the work budget")
                == "output-files-interruptions-and-the-work-budget")
        #expect(MarkdownPage.slug("Springs, and how their cost grows") == "springs-and-how-their-cost-grows")
        #expect(MarkdownPage.slugs(of: ["Speed", "Tuning", "Speed", "Speed"]) == ["speed", "tuning", "speed-1", "speed-2"])
        #expect(MarkdownPage.slug("Where 2.3 loses a box — and why") == "where-23-loses-a-box--and-why")
    }

    /// A link into a page that does not exist, or to a heading it does not have, is found.
    @Test func aBrokenLinkIsFound() {
        let page = MarkdownPage(path: "docs/x.md", text: """
            # Title

            See [the part](#the-part), [code `x`](other.md) and `[not a link](nowhere.md)`.

            ```sh
            # [also not a link](nowhere.md)
            ```
            """)
        #expect(page.links.map(\.target) == ["#the-part", "other.md"])
        #expect(page.anchors == ["title"])
        #expect(page.shellBlocks.count == 1)
    }
}
