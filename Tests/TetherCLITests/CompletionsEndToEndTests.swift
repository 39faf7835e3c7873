import Foundation
import Testing

/// `tether completions bash|zsh|fish` prints scripts written from the option declarations; the
/// bash one is loaded into bash and asked to complete, as a shell would on Tab.
@Suite struct CompletionsEndToEndTests {
    /// What bash's `_tether` offers for the words typed so far (the last one being completed),
    /// run in the package root so that scenario paths exist.
    static func bashCompletions(_ words: [String]) throws -> [String] {
        let script = try TetherProcess.run(["completions", "bash"])
        #expect(script.status == 0, "\(script.stderr)")
        let folder = try TetherProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("tether.bash")
        try script.stdout.write(to: file)
        let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/bash")
        shell.arguments = ["-c", """
            source '\(file.path)' || exit 3
            [ "$(complete -p tether)" = "complete -F _tether tether" ] || exit 4
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            _tether
            printf '%s\\n' "${COMPREPLY[@]}"
            """]
        shell.currentDirectoryURL = TetherProcess.packageRoot
        let output = Pipe()
        shell.standardOutput = output
        let errors = Pipe()
        shell.standardError = errors
        try shell.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0, "\(stderr)")
        #expect(stderr.isEmpty, "\(stderr)")
        return text.split(separator: "\n").map(String.init).sorted()
    }

    @Test func bashCompletesASubcommand() throws {
        #expect(try Self.bashCompletions(["tether", "ru"]) == ["run"])
        #expect(try Self.bashCompletions(["tether", "s"]) == ["schema", "spring", "sweep"])
        #expect(try Self.bashCompletions(["tether", "help", "co"]) == ["completions"])
    }

    @Test func bashCompletesAnOptionAndItsValues() throws {
        #expect(try Self.bashCompletions(["tether", "run", "--ou"]) == ["--output"])
        #expect(try Self.bashCompletions(["tether", "render", "scenarios/vv-list.json", "--it"]) == ["--items"])
        #expect(try Self.bashCompletions(["tether", "run", "--items", ""]) == ["all", "visible"])
        #expect(try Self.bashCompletions(["tether", "completions", ""]) == ["bash", "fish", "zsh"])
        // An option of another command is not offered.
        #expect(try Self.bashCompletions(["tether", "validate", "--thr"]) == [])
    }

    @Test func bashCompletesAScenarioPath() throws {
        #expect(try Self.bashCompletions(["tether", "run", "scenarios/vv-l"]) == ["scenarios/vv-list.json"])
        #expect(try Self.bashCompletions(["tether", "check", "--golden", "gold"]) == ["golden"])
        #expect(try Self.bashCompletions(["tether", "run", "-o", "scenarios/card-st"]) == ["scenarios/card-stack.json"])
    }

    /// The zsh and fish scripts name every command and every option spelling (this machine has
    /// neither shell to load them in).
    @Test(arguments: ["zsh", "fish"])
    func theOtherShellsScriptsNameEveryCommandAndOption(shell: String) throws {
        let result = try TetherProcess.run(["completions", shell])
        #expect(result.status == 0)
        let script = result.stdoutText
        let help = try TetherProcess.run(["--help"]).stdoutText
        let commands = help.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("COMMANDS:") }.dropFirst()
            .prefix { !$0.isEmpty }.map { String($0.split(separator: " ")[0]) }
        #expect(commands.count >= 11)
        for command in commands {
            #expect(script.contains(shell == "zsh" ? "    \(command))" : "__fish_seen_subcommand_from \(command)'"), "\(command)")
            let usage = try TetherProcess.run(["help", command]).stdoutText
            // The spellings of the help's option rows: "  -o, --output FILE  …".
            let rows = usage.split(separator: "\n").filter { $0.hasPrefix("  -") }
            let spellings = rows.flatMap { row in
                row.split(separator: " ").prefix { $0.hasPrefix("-") }.map { $0.trimmingCharacters(in: [","]) }
            }
            #expect(!spellings.isEmpty || command == "completions", "\(command)")
            for option in spellings where option.hasPrefix("--") {
                let spelled = shell == "zsh" ? String(option) : "-l \(option.dropFirst(2))"
                #expect(script.contains(spelled), "\(command) \(option)")
            }
        }
    }

    @Test func anUnknownShellIsAUsageError() throws {
        let result = try TetherProcess.run(["completions", "tcsh"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown shell 'tcsh' (expected bash, zsh, fish)"))
    }
}
