import TetherJSON

/// A command's arguments read against its option declarations, the way getopt reads them:
/// `--name value` or `--name=value`, flags, options anywhere among the positionals, and `--`
/// ending the options (everything after it is a positional, `-h` included). A repeatable option
/// keeps every value in order; a single-valued one keeps its last, whichever spelling gave it
/// (`--output a -o b` writes b). `-` alone is a positional (standard input or output).
struct ParsedArguments {
    let command: String
    /// The options the command declares (its help's), the only ones it may read.
    let declared: [OptionDeclaration]
    /// Every option the command's `init` asked for, declared or not: what
    /// `OptionDeclarationTests` holds to `declared`, so an option a command reads but left out
    /// of its help (which the parser would then refuse) fails a test instead of a user.
    let reads = OptionReads()
    private(set) var positionals: [String] = []
    /// Options in command-line order, with the spelling used and the value text.
    private var given: [(option: OptionDeclaration, spelling: String, value: String?)] = []
    /// The first argument that is no option of the command, or an option missing its value.
    private var problem: String?

    init(_ arguments: [String], options: [OptionDeclaration], command: String) {
        self.command = command
        self.declared = options
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
            } else if argument == "--" {
                optionsEnded = true
            } else if let option = options.first(where: { $0.names.contains(argument) }) {
                if option.isFlag {
                    given.append((option, argument, nil))
                } else if index < arguments.count {
                    given.append((option, argument, arguments[index]))
                    index += 1
                } else {
                    problem = problem ?? "missing value for '\(MessageText.plain(argument))'"
                }
            } else if let equals = argument.firstIndex(of: "="),
                      let option = options.first(where: { !$0.isFlag && $0.names.contains(String(argument[..<equals])) }) {
                given.append((option, String(argument[..<equals]), String(argument[argument.index(after: equals)...])))
            } else {
                problem = problem ?? "unknown option '\(MessageText.plain(argument))'"
            }
        }
    }

    /// `-h` or `--help` among the options: the help is printed whatever else is wrong.
    var helpRequested: Bool { isGiven(CommonOptions.help.declaration) }

    /// Throws the first argument that could not be read as an option.
    func checkSyntax() throws(CommandError) {
        if let problem { throw usageError(problem) }
    }

    func isGiven(_ option: OptionDeclaration) -> Bool {
        reads.note(option)
        return given.contains { $0.option == option }
    }

    func isSet(_ flag: Flag) -> Bool { isGiven(flag.declaration) }

    /// The options given, each once, in the order they first appear.
    var givenOptions: [OptionDeclaration] {
        var result: [OptionDeclaration] = []
        for entry in given where !result.contains(entry.option) { result.append(entry.option) }
        return result
    }

    /// The option's last value, read; nil when it is not given.
    func value<Value>(_ option: Option<Value>) throws(CommandError) -> Value? {
        reads.note(option.declaration)
        guard let last = given.last(where: { $0.option == option.declaration }) else { return nil }
        return try read(option, last.value!, spelling: last.spelling)
    }

    /// Every value of a repeatable option, read, in command-line order.
    func values<Value>(_ option: Option<Value>) throws(CommandError) -> [Value] {
        reads.note(option.declaration)
        var result: [Value] = []
        for entry in given where entry.option == option.declaration {
            result.append(try read(option, entry.value!, spelling: entry.spelling))
        }
        return result
    }

    func usageError(_ message: String) -> CommandError {
        .usage(message, command: command)
    }

    private func read<Value>(_ option: Option<Value>, _ text: String, spelling: String) throws(CommandError) -> Value {
        do {
            return try option.read(text)
        } catch {
            switch error {
            case .expected(let what): throw usageError("invalid value '\(MessageText.plain(text))' for '\(MessageText.plain(spelling))': expected \(what)")
            case .message(let message): throw usageError(message)
            }
        }
    }
}

/// The options a command read from its arguments, in order, each once (a reference, so that
/// the copies of one `ParsedArguments` share it).
final class OptionReads {
    private(set) var options: [OptionDeclaration] = []

    func note(_ option: OptionDeclaration) {
        if !options.contains(option) { options.append(option) }
    }
}
