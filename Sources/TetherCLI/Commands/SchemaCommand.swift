import TetherJSON
import TetherScenario

/// `tether schema`: prints the JSON Schema of scenario files (or the key tables of the format
/// reference), both written from the tables the decoders read.
struct SchemaCommand: TetherCommand {
    static let name = "schema"
    static let abstract = "Print the JSON Schema (draft 2020-12) of scenario files."

    enum Format: String { case json, markdown }

    /// Every option, declared once: usage, help and parsing read these.
    enum Options {
        static let format = Option<Format>(
            "--format", value: "FORMAT",
            help: """
                json (default): the schema; markdown: the key tables of
                docs/scenario-format.md.
                """,
            expected: "json or markdown", parse: { Format(rawValue: $0) })
        static let output = CommonOptions.output(value: "FILE")
    }

    static let help = CommandHelp(
        overview: """
            \(abstract)
            Written from the same key tables the scenario decoder reads; schema/scenario.schema.json
            in the repository is this output. Editors (VS Code, JetBrains IDEs) use it to validate
            and complete scenario files that carry "$schema": "PATH/TO/scenario.schema.json".
            """,
        lead: "", options: [Options.format.declaration, Options.output.declaration])

    var format: Format
    var outputPath: String?

    init(_ arguments: ParsedArguments) throws(CommandError) {
        format = try arguments.value(Options.format) ?? .json
        outputPath = try arguments.value(Options.output)
        if let first = arguments.positionals.first { throw arguments.usageError("unexpected argument '\(MessageText.plain(first))'") }
    }

    func run() throws(CommandError) -> ExitCode {
        var files = CommandFiles(command: Self.name)
        let target = try files.output(outputPath, option: "-o")
        let text = format == .json ? ScenarioSchema.text : FormatReference.markdown
        return try RenderCommand.write(Array(text.utf8), to: target)
    }
}
