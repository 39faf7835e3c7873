import Foundation
@preconcurrency import Glibc
import TetherScenario

/// `tether`: replay UIKit-Dynamics-style scenarios, check them against goldens, time them.
@main
enum Tether {
    static let version = "0.1.0"
    static let commands: [any TetherCommand.Type] = [
        RunCommand.self, CheckCommand.self, ValidateCommand.self, BenchCommand.self,
        SpringCommand.self, SweepCommand.self, TuneCommand.self, RenderCommand.self, PlotCommand.self, SchemaCommand.self,
    ]

    static func main() {
        // A closed pipe (`tether run … | head`) must end the run quietly, not kill it.
        signal(SIGPIPE, SIG_IGN)
        Interruptions.install()
        exit(run(Array(CommandLine.arguments.dropFirst())).rawValue)
    }

    static func run(_ arguments: [String]) -> ExitCode {
        guard let first = arguments.first else {
            Console.error("tether: error: missing command (see 'tether --help')")
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
            Console.output(command.help)
            return .success
        default:
            guard let command = command(named: first) else { return unknownCommand(first) }
            var list = ArgumentList(Array(arguments.dropFirst()), command: command.name)
            if list.helpRequested() {
                Console.output(command.help)
                return .success
            }
            do {
                return try command.init(parsing: &list).run()
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
        Console.error("tether: error: unknown command '\(name)' (see 'tether --help')")
        return .usage
    }

    static func report(_ error: CommandError) {
        if case .output(.brokenPipe) = error { return }
        Console.error("tether: error: \(error.message)")
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
            exitCodeHelp,
        ]
        return lines.joined(separator: "\n")
    }

    static let exitCodeHelp = """
        EXIT CODES:
          0 success · 1 golden mismatch · 64 usage error · 65 invalid scenario ·
          66 input missing or unreadable · 70 simulation failure · 73 output cannot be written
        """
}

/// One subcommand: parses its arguments in `init`, does its work in `run`.
protocol TetherCommand: Sendable {
    static var name: String { get }
    static var abstract: String { get }
    static var usage: String { get }
    /// The full `--help` text.
    static var help: String { get }
    init(parsing arguments: inout ArgumentList) throws(CommandError)
    func run() throws(CommandError) -> ExitCode
}
