import Foundation
import Testing
@testable import TetherCLI

/// Every command's help and parser come from one list of option declarations: the help lists
/// exactly the options the parser accepts, single-valued options keep their last value, and `--`
/// ends the options.
@Suite struct OptionDeclarationTests {
    /// The option spellings a help text lists: the `-x`/`--name` words of its rows (a row starts
    /// two spaces in; continuation lines start further in).
    static func listedOptions(in help: String) throws -> Set<String> {
        let row = try Regex(#"^  (-[-A-Za-z0-9]+)((, -[-A-Za-z0-9]+)*)( |$)"#)
        var names: Set<String> = []
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let match = line.firstMatch(of: row) else { continue }
            names.insert(String(match.output[1].substring!))
            if let more = match.output[2].substring {
                for name in more.split(separator: ",") { names.insert(name.trimmingCharacters(in: .whitespaces)) }
            }
        }
        return names
    }

    @Test(arguments: Tether.commands.map { $0.name })
    func helpListsExactlyTheOptionsTheParserAccepts(command name: String) throws {
        let command = try #require(Tether.command(named: name))
        let declarations = command.help.options
        let declared = Set(declarations.flatMap(\.names))
        #expect(try Self.listedOptions(in: command.helpText) == declared, "\(name)")
        #expect(declared.contains("--help") && declared.contains("-h"))
        #expect(Set(declarations).count == declarations.count, "\(name): an option is listed twice")
        for option in declarations {
            for spelling in option.names {
                let arguments = option.isFlag ? [spelling] : [spelling, "1"]
                let parsed = ParsedArguments(arguments, options: declarations, command: name)
                #expect(throws: Never.self, "\(name) \(spelling)") { try parsed.checkSyntax() }
                #expect(parsed.isGiven(option) && parsed.positionals.isEmpty)
            }
        }
        // And nothing else: a spelling no declaration has is refused.
        let unknown = ParsedArguments(["--frobnicate"], options: declarations, command: name)
        #expect(throws: CommandError.self) { try unknown.checkSyntax() }
    }

    /// A command reads only the options its help declares — one it read but left out of the help
    /// would compile and then be refused by the parser — and reads every one it declares, so a
    /// listed option always does something.
    @Test(arguments: Tether.commands.map { $0.name })
    func theCommandReadsExactlyTheOptionsItsHelpDeclares(command name: String) throws {
        let command = try #require(Tether.command(named: name))
        let parsed = ParsedArguments(["x.json"], options: command.help.options, command: name)
        _ = try? command.init(parsed)
        let read = parsed.reads.options
        let undeclared = read.filter { !parsed.declared.contains($0) }.map(\.name)
        #expect(undeclared.isEmpty, "\(name) reads \(undeclared), which its help does not list (add them to a section)")
        let unread = parsed.declared.filter { $0 != CommonOptions.help.declaration && !read.contains($0) }.map(\.name)
        #expect(unread.isEmpty, "\(name) lists \(unread) in its help but never reads them")
    }

    /// The record of reads sees an option that is not among the declarations.
    @Test func aReadOfAnUndeclaredOptionIsRecorded() throws {
        let parsed = ParsedArguments(["--threads", "2"], options: [CommonOptions.help.declaration], command: "x")
        #expect(throws: CommandError.self) { try parsed.checkSyntax() }
        #expect(try parsed.value(CommonOptions.threads) == nil)
        #expect(parsed.reads.options == [CommonOptions.threads.declaration])
        #expect(!parsed.declared.contains(CommonOptions.threads.declaration))
    }

    /// Each usage line names options the command declares, and every declared option but
    /// `--help` appears in some usage line.
    @Test(arguments: Tether.commands.map { $0.name })
    func usageLinesShowTheDeclaredOptions(command name: String) throws {
        let command = try #require(Tether.command(named: name))
        let usage = command.help.usages.map { $0.line(command: name) }.joined(separator: "\n")
        let words = Set(usage.split(whereSeparator: { " []()|".contains($0) }).map(String.init).filter { $0.hasPrefix("-") })
        let declared = command.help.options
        for option in declared where option != CommonOptions.help.declaration {
            #expect(option.names.contains(where: words.contains), "\(name): \(option.name) is missing from the usage")
        }
        for word in words where word != "-" {
            #expect(declared.contains { $0.names.contains(word) }, "\(name): the usage shows \(word), which is not an option")
        }
    }

    @Test func theLastValueOfASingleValuedOptionWinsWhateverItsSpelling() throws {
        let output = RunCommand.Options.output
        let every = RunCommand.Options.every
        let options = RunCommand.help.options
        let parsed = ParsedArguments(["x.json", "--output", "a", "-o", "b", "--every=2", "--every", "3"], options: options, command: "run")
        #expect(try parsed.value(output) == "b")
        #expect(try parsed.value(every) == 3)
        let reversed = ParsedArguments(["-o", "b", "x.json", "--output=a"], options: options, command: "run")
        #expect(try reversed.value(output) == "a")
        // A repeatable option keeps every value in order.
        let scale = SweepCommand.Options.scale
        let sets = ParsedArguments(
            ["--scale", "settle=1", "x.json", "--scale=lag=2"], options: SweepCommand.help.options, command: "sweep")
        #expect(try sets.values(scale) == ["settle=1", "lag=2"])
        #expect(sets.positionals == ["x.json"])
    }

    @Test func doubleDashEndsTheOptions() throws {
        let options = RunCommand.help.options
        let parsed = ParsedArguments(["--every", "2", "--", "-h", "--every", "3", "-"], options: options, command: "run")
        #expect(!parsed.helpRequested)
        #expect(parsed.positionals == ["-h", "--every", "3", "-"])
        #expect(try parsed.value(RunCommand.Options.every) == 2)
        #expect(throws: Never.self) { try parsed.checkSyntax() }
        // Before `--`, -h asks for help whatever else is wrong.
        #expect(ParsedArguments(["--bogus", "-h"], options: options, command: "run").helpRequested)
    }

    @Test func malformedArgumentsAreUsageErrors() throws {
        let options = RunCommand.help.options
        func message(_ arguments: [String]) -> String? {
            do {
                try ParsedArguments(arguments, options: options, command: "run").checkSyntax()
                return nil
            } catch {
                return error.message
            }
        }
        #expect(message(["x.json", "--bogus"]) == "unknown option '--bogus' (see 'tether run --help')")
        #expect(message(["x.json", "--every"]) == "missing value for '--every' (see 'tether run --help')")
        #expect(message(["x.json", "--until-rest=yes"]) == "unknown option '--until-rest=yes' (see 'tether run --help')")
        let parsed = ParsedArguments(["x.json", "--every", "0"], options: options, command: "run")
        #expect(throws: CommandError.self) { try parsed.value(RunCommand.Options.every) }
    }
}
