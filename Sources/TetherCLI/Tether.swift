import Foundation
import TetherJSON
import TetherPlatform
import TetherScenario

/// `tether`: replay UIKit-Dynamics-style scenarios, check them against goldens, time them.
@main
enum Tether {
    static let version = "0.1.0"
    static let commands: [any TetherCommand.Type] = [
        RunCommand.self, CheckCommand.self, ValidateCommand.self, BenchCommand.self,
        SpringCommand.self, SweepCommand.self, FitCommand.self, TuneCommand.self, RenderCommand.self, PlotCommand.self, SchemaCommand.self,
    ]

    static func main() {
        // A closed pipe (`tether run … | head`) must end the run quietly, not kill it.
        Signals.ignore(Signals.brokenPipe)
        Interruptions.install()
        CurrentProcess.exit(run(Array(CommandLine.arguments.dropFirst())).rawValue)
    }

    static func run(_ arguments: [String]) -> ExitCode {
        guard let first = arguments.first else {
            Console.failure("missing command (see 'tether --help')")
            return .usage
        }
        switch first {
        case "--help", "-h":
            Console.output(overview)
            return .success
        case "--version":
            Console.output("tether \(version)")
            return .success
        case "help":
            guard arguments.count > 1 else {
                Console.output(overview)
                return .success
            }
            guard let command = command(named: arguments[1]) else { return unknownCommand(arguments[1]) }
            Console.output(command.helpText)
            return .success
        default:
            guard let command = command(named: first) else { return unknownCommand(first) }
            let parsed = ParsedArguments(Array(arguments.dropFirst()), options: command.help.options, command: command.name)
            if parsed.helpRequested {
                Console.output(command.helpText)
                return .success
            }
            do {
                try parsed.checkSyntax()
                var instance = try command.init(parsed)
                try instance.validate()
                return try instance.run()
            } catch {
                report(error)
                return error.exitCode
            }
        }
    }

    static func command(named name: String) -> (any TetherCommand.Type)? {
        commands.first { $0.name == name }
    }

    static func unknownCommand(_ name: String) -> ExitCode {
        Console.failure("unknown command '\(MessageText.plain(name))' (see 'tether --help')")
        return .usage
    }

    static func report(_ error: CommandError) {
        if case .output(.brokenPipe) = error { return }
        Console.failure(error.message)
    }

    static var overview: String {
        var lines = [
            "OVERVIEW: Replay UIKit-Dynamics-style physics over collection-view layouts, deterministically.",
            "",
            "USAGE: tether <command> [options]",
            "",
            "COMMANDS:",
        ]
        for command in commands {
            lines.append("  " + command.name.padding(toLength: 12, withPad: " ", startingAt: 0) + command.abstract)
        }
        lines += [
            "",
            "OPTIONS:",
            "  --version   Show the version.",
            "  -h, --help  Show help information.",
            "",
            "  See 'tether help <command>' for detailed help.",
            "",
            CommandHelp.exitCodes,
        ]
        return lines.joined(separator: "\n")
    }
}

/// One subcommand. Its options are declared once, in `help`'s sections; `init` reads their
/// values, `validate()` checks how they go together, `run()` does the work.
protocol TetherCommand: Sendable {
    static var name: String { get }
    static var abstract: String { get }
    /// Usage, options and notes; the parser accepts exactly the options it lists.
    static var help: CommandHelp { get }
    init(_ arguments: ParsedArguments) throws(CommandError)
    /// What goes together: options that need or exclude others, counts of positionals.
    mutating func validate() throws(CommandError)
    func run() throws(CommandError) -> ExitCode
}

extension TetherCommand {
    /// The full `--help` text.
    static var helpText: String { help.text(command: name) }

    mutating func validate() throws(CommandError) {}
}
