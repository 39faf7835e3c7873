import Foundation
import Testing

/// The Swift the docs show from the example package is the example package's source, so it
/// compiles as shown (`.ci/run` builds and tests Examples/LayoutTests): every ```swift block of
/// README.md and docs/*.md right after a `<!-- from: PATH -->` line must be a run of PATH's lines,
/// at any one indentation.
@Suite struct DocExampleTests {
    /// A marked block: where it is, the file it quotes and its lines.
    struct Quote: CustomStringConvertible {
        var page: String
        var line: Int
        var source: String
        var lines: [String]
        var description: String { "\(page):\(line) (from \(source))" }
    }

    static func pages() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: TetherBinary.url("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
        return ["README.md"] + docs
    }

    /// The marked ```swift blocks of a page.
    static func quotes(in page: String) throws -> [Quote] {
        let lines = try String(contentsOf: TetherBinary.url(page), encoding: .utf8).components(separatedBy: "\n")
        var quotes: [Quote] = []
        for (index, line) in lines.enumerated() where line.hasPrefix("<!-- from: ") && line.hasSuffix(" -->") {
            let source = String(line.dropFirst("<!-- from: ".count).dropLast(" -->".count))
            guard index + 1 < lines.count, lines[index + 1] == "```swift" else {
                Issue.record("\(page):\(index + 1): a from: marker must come right before a ```swift block")
                continue
            }
            let body = lines[(index + 2)...].prefix { $0 != "```" }
            quotes.append(Quote(page: page, line: index + 2, source: source, lines: Array(body)))
        }
        return quotes
    }

    /// Whether `quote` is a run of `file`'s lines, each indented by the same amount.
    static func isExcerpt(_ quote: [String], of file: [String]) -> Bool {
        guard let first = quote.first, !first.isEmpty else { return false }
        for start in file.indices where file[start].hasSuffix(first) {
            let indent = String(file[start].dropLast(first.count))
            guard indent.allSatisfy({ $0 == " " }), start + quote.count <= file.count else { continue }
            let run = file[start..<(start + quote.count)]
            if zip(run, quote).allSatisfy({ $1.isEmpty ? $0.isEmpty : $0 == indent + $1 }) { return true }
        }
        return false
    }

    @Test func quotedSwiftIsTheExampleSource() throws {
        let quotes = try Self.pages().flatMap(Self.quotes(in:))
        #expect(quotes.contains { $0.page == "docs/library.md" && $0.source.hasSuffix("MosaicFlingTests.swift") })
        for quote in quotes {
            let file = try String(contentsOf: TetherBinary.url(quote.source), encoding: .utf8).components(separatedBy: "\n")
            #expect(Self.isExcerpt(quote.lines, of: file), "\(quote) is not the file's text")
        }
    }

    /// The check itself: a changed line, a line left out or a shifted indentation is caught.
    @Test func excerptCheckCatchesChanges() {
        let file = ["struct A {", "    func f() {", "        g()", "    }", "}"]
        #expect(Self.isExcerpt(["func f() {", "    g()", "}"], of: file))
        #expect(Self.isExcerpt(file, of: file))
        #expect(!Self.isExcerpt(["func f() {", "    h()", "}"], of: file))
        #expect(!Self.isExcerpt(["func f() {", "}"], of: file))
        #expect(!Self.isExcerpt(["func f() {", "  g()", "}"], of: file))
    }
}
