import Foundation
import Testing

/// The commands the docs show work: every `tether` command in a ```sh block of README.md or
/// docs/*.md that names a bundled scenario is run, as written, and must exit 0 (or the code a
/// `<!-- doc-test: exit N -->` line before the block documents). A block after a
/// `<!-- doc-test: skip (reason) -->` line is not run. The rules are in docs/testing.md.
@Suite struct DocCommandsEndToEndTests {
    /// One block's runnable commands, and what it should exit with.
    struct Example: CustomStringConvertible {
        var page: String
        var line: Int
        var commands: [String]
        var expectedStatus: Int32
        var description: String { "\(page):\(line)" }
    }

    /// How a doc writes the binary, and what the test runs instead: `tether` on the `PATH`.
    static let invocations = ["swift run -c release tether ", "swift run tether ", ".build/release/tether ", "tether "]

    /// The block's commands, continuation lines joined and comments dropped, that run `tether`
    /// on a bundled scenario; nil when the block is marked to be skipped.
    static func example(_ block: MarkdownPage.ShellBlock, in page: String) -> Example? {
        var expected: Int32 = 0
        if let marker = block.marker, marker.hasPrefix("doc-test:") {
            let rule = marker.dropFirst("doc-test:".count).trimmingCharacters(in: .whitespaces)
            if rule.hasPrefix("skip") { return nil }
            if rule.hasPrefix("exit "), let code = Int32(rule.dropFirst(5).prefix(while: \.isNumber)) { expected = code }
        }
        let joined = block.text.replacing(#/[ \t]*\\\n[ \t]*/#, with: " ")
        let commands = joined.components(separatedBy: "\n").compactMap { line -> String? in
            var command = line
            if let comment = command.range(of: " # ") ?? command.range(of: "  #") { command = String(command[..<comment.lowerBound]) }
            command = command.trimmingCharacters(in: .whitespaces)
            guard command.contains("scenarios/"),
                  let invocation = invocations.first(where: { command.hasPrefix($0) })
            else { return nil }
            return "tether " + command.dropFirst(invocation.count)
        }
        return commands.isEmpty ? nil : Example(page: page, line: block.line, commands: commands, expectedStatus: expected)
    }

    static func examples() throws -> [Example] {
        try MarkdownPage.documentationPages().flatMap { page in
            page.shellBlocks.compactMap { example($0, in: page.path) }
        }
    }

    @Test func theDocsShowCommandsToRun() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 5)
        #expect(examples.contains { $0.page == "README.md" })
    }

    /// Each block runs in a folder of its own that holds links to the bundled scenarios and
    /// goldens, so what a command writes lands there; the commands of a block run in order in
    /// one shell, as a reader would type them.
    @Test(arguments: try DocCommandsEndToEndTests.examples())
    func theCommandRunsAsDocumented(_ example: Example) throws {
        let directory = try TetherProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for folder in ["scenarios", "golden", "schema"] {
            try FileManager.default.createSymbolicLink(
                at: directory.appendingPathComponent(folder), withDestinationURL: TetherProcess.packageRoot.appendingPathComponent(folder))
        }
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/bash")
        shell.arguments = ["-o", "pipefail", "-c", example.commands.joined(separator: " && ")]
        shell.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = TetherProcess.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        shell.environment = environment
        shell.standardOutput = try TetherProcess.discardedOutput(in: directory)
        let errors = Pipe()
        shell.standardError = errors
        try shell.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(shell.terminationStatus == example.expectedStatus, "\(example): \(example.commands.joined(separator: "; "))\n\(stderr)")
    }

    /// The block rules themselves: what is run, what is skipped, and the documented exit code.
    @Test func blocksAreReadAsDocumented() {
        let page = MarkdownPage(path: "docs/x.md", text: """
            ```sh
            swift run -c release tether run scenarios/a.json --set \\
                frames=2 | head -3     # the first rows
            swift test
            tether sweep --merge shard-*.csv
            ```

            <!-- doc-test: skip (slow) -->
            ```sh
            tether run scenarios/b.json
            ```

            <!-- doc-test: exit 1 -->
            ```sh
            .build/release/tether check scenarios/c.json
            ```
            """)
        let examples = page.shellBlocks.compactMap { Self.example($0, in: page.path) }
        #expect(examples.map(\.commands) == [
            ["tether run scenarios/a.json --set frames=2 | head -3"], ["tether check scenarios/c.json"],
        ])
        #expect(examples.map(\.expectedStatus) == [0, 1])
    }
}
