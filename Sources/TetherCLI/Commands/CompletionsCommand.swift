/// `tether completions bash|zsh|fish`: prints a completion script for the shell, written from
/// the commands' option declarations.
struct CompletionsCommand: TetherCommand {
    static let name = "completions"
    static let abstract = "Print a shell completion script (bash, zsh or fish)."

    static let help = CommandHelp(
        overview: """
            \(abstract)
            Completes the commands, their options, the values an option lists, and file names.
              bash: add to ~/.bashrc    source <(tether completions bash)
              zsh:  add to ~/.zshrc     source <(tether completions zsh)     (after compinit)
              fish: run once            tether completions fish > ~/.config/fish/completions/tether.fish
            """,
        lead: "bash|zsh|fish", arguments: [("bash|zsh|fish", "The shell to write the script for.")], options: [])

    var shell: ShellCompletions.Shell

    init(_ arguments: ParsedArguments) throws(CommandError) {
        let names = ShellCompletions.Shell.allCases.map(\.rawValue).joined(separator: ", ")
        guard arguments.positionals.count == 1 else {
            throw arguments.usageError(arguments.positionals.isEmpty ? "missing shell (\(names))" : "expected one shell, got \(arguments.positionals.count)")
        }
        guard let shell = ShellCompletions.Shell(rawValue: arguments.positionals[0]) else {
            throw arguments.usageError("unknown shell '\(arguments.positionals[0])' (expected \(names))")
        }
        self.shell = shell
    }

    func run() throws(CommandError) -> ExitCode {
        Console.output(String(ShellCompletions.script(for: shell, commands: Tether.commands).dropLast()))
        return .success
    }
}
