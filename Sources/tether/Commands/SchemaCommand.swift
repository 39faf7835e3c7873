import TetherScenario

/// `tether schema`: prints the JSON Schema of scenario files (or the key tables of the format
/// reference), both written from the tables the decoders read.
struct SchemaCommand: TetherCommand {
    static let name = "schema"
    static let abstract = "Print the JSON Schema (draft 2020-12) of scenario files."
    static let usage = "tether schema [--format json|markdown] [-o FILE]"
    static var help: String {
        """
        OVERVIEW: \(abstract)
        Written from the same key tables the scenario decoder reads; schema/scenario.schema.json
        in the repository is this output. Editors (VS Code, JetBrains IDEs) use it to validate
        and complete scenario files that carry "$schema": "PATH/TO/scenario.schema.json".

        USAGE: \(usage)

        OPTIONS:
          --format FORMAT         json (default): the schema; markdown: the key tables of
                                  docs/scenario-format.md.
          -o, --output FILE       Write to FILE (a file through a temporary file and a rename; see
                                  README); without it, or with -, to standard output.
          -h, --help              Show help information.

        \(Tether.exitCodeHelp)
        """
    }

    enum Format: String { case json, markdown }

    var format: Format
    var outputPath: String?

    init(parsing arguments: inout ArgumentList) throws(CommandError) {
        format = try arguments.option("--format", Format.init(rawValue:), expected: "json or markdown") ?? .json
        outputPath = try arguments.option("-o", "--output")
        let extra = try arguments.positionals()
        if let first = extra.first { throw .usage("unexpected argument '\(first)'", command: Self.name) }
    }

    func run() throws(CommandError) -> ExitCode {
        var files = CommandFiles(command: Self.name)
        let target = try files.output(outputPath, option: "-o")
        let text = format == .json ? ScenarioSchema.text : FormatReference.markdown
        return try RenderCommand.write(Array(text.utf8), to: target)
    }
}
