/// A small hand-written argument parser: `--name value`, `--name=value`, `-o value`, flags,
/// repeated options and positionals, in the spirit of swift-argument-parser.
struct ArgumentList {
    private var arguments: [String]
    let command: String

    init(_ arguments: [String], command: String) {
        self.arguments = arguments
        self.command = command
    }

    /// True (and consumed) when `--help`/`-h` is present.
    mutating func helpRequested() -> Bool {
        let before = arguments.count
        arguments.removeAll { $0 == "--help" || $0 == "-h" }
        return arguments.count != before
    }

    /// Removes a flag; true if it was present.
    mutating func flag(_ name: String) -> Bool {
        guard let i = arguments.firstIndex(of: name) else { return false }
        arguments.remove(at: i)
        return true
    }

    /// Removes every occurrence of an option and returns their values in order.
    mutating func options(_ names: String...) throws(CommandError) -> [String] {
        var values: [String] = []
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "--" { break }
            if let name = names.first(where: { argument == $0 }) {
                guard i + 1 < arguments.count else { throw .usage("missing value for '\(name)'", command: command) }
                values.append(arguments[i + 1])
                arguments.removeSubrange(i...(i + 1))
            } else if let name = names.first(where: { argument.hasPrefix($0 + "=") }) {
                values.append(String(argument.dropFirst(name.count + 1)))
                arguments.remove(at: i)
            } else {
                i += 1
            }
        }
        return values
    }

    /// The last value of an option, if given.
    mutating func option(_ names: String...) throws(CommandError) -> String? {
        var values: [String] = []
        for name in names { values += try options(name) }
        return values.last
    }

    /// An option parsed by `parse`, with a usage error naming the option when it fails.
    mutating func option<T>(_ name: String, _ parse: (String) -> T?, expected: String) throws(CommandError) -> T? {
        guard let text = try option(name) else { return nil }
        guard let value = parse(text) else {
            throw .usage("invalid value '\(text)' for '\(name)': expected \(expected)", command: command)
        }
        return value
    }

    /// What remains: positionals. Anything still starting with "-" is an unknown option.
    mutating func positionals() throws(CommandError) -> [String] {
        var result: [String] = []
        var afterDashes = false
        for argument in arguments {
            if !afterDashes && argument == "--" {
                afterDashes = true
            } else if !afterDashes && argument.hasPrefix("-") && argument != "-" {
                throw .usage("unknown option '\(argument)'", command: command)
            } else {
                result.append(argument)
            }
        }
        arguments = []
        return result
    }
}
