import Foundation
import TetherImport
import TetherJSON
import TetherLayout
import TetherScenario

/// `tether import FILE|-`: reads the layout attributes a debugger printed and writes them as a
/// custom layout's elements file, or a whole scenario around them.
struct ImportCommand: TetherCommand {
    static let name = "import"
    static let abstract = "Read layout attributes the debugger printed into a layout or scenario."

    /// Every option, declared once: usage, help and parsing read these.
    enum Options {
        static let output = CommonOptions.output(value: "FILE")
        static let scenario = Flag(
            "--scenario",
            help: """
                Write a whole scenario: the custom layout with the elements inline,
                ASH's springy list over it and a fling at frame 10 (ready for
                tether run and tether tune). Without it: the elements file, the JSON
                array a scenario's "layout.elementsFile" reads.
                """)
        static let first = Flag(
            "--first",
            help: """
                An element described twice keeps its first description (default:
                the later one, the newer state in a pasted log or a crash's
                "changed from … to …").
                """)
        static let kind = Option<(String, ImportOptions.Role)>(
            "--kind", value: "NAME=ROLE", repeats: true,
            help: """
                Make the element kind NAME a header, footer or decoration (repeatable).
                UIKit's description names a kind but never says whether it is a
                decoration; other kinds than UIKit's header and footer are written
                as decorations unless the text says otherwise.
                """
        ) { (text: String) throws(OptionValueError) -> (String, ImportOptions.Role) in
            guard let equals = text.lastIndex(of: "="), let role = ImportOptions.Role(rawValue: String(text[text.index(after: equals)...])),
                  equals != text.startIndex else {
                throw .expected("NAME=header, NAME=footer or NAME=decoration")
            }
            return (String(text[..<equals]), role)
        }
        static let scrollDirection = Option<Axis>(
            "--scroll-direction", value: "vertical|horizontal",
            help: "The layout's scroll axis (default vertical). With --scenario.",
            expected: "vertical or horizontal", parse: { Axis(rawValue: $0) })
        static let contentSize = Option<Size>(
            "--content-size", value: "WxH",
            help: """
                The content size (default: the union of the frames, the largest x
                and y any element reaches). With --scenario.
                """,
            expected: "WIDTHxHEIGHT in points, e.g. 390x2400", parse: { Self.size($0, allowZero: true) })
        static let viewport = Option<Size>(
            "--viewport", value: "WxH",
            help: """
                The viewport (default: the content's width by 844 pt, an iPhone's
                screen height; horizontal: 390 pt by the content's height). With
                --scenario.
                """,
            expected: "WIDTHxHEIGHT in points, e.g. 390x844", parse: { Self.size($0, allowZero: false) })
        static let name = Option<String>(
            "--name", value: "NAME",
            help: """
                The scenario's name (default: the output file's name without its
                extension, else "imported"). With --scenario.
                """,
            expected: "1 to 100 characters of A-Z, a-z, 0-9, - and _", parse: { ImportCommand.isScenarioName($0) ? $0 : nil })

        /// `390x844` (also `390×844`): two finite numbers.
        static func size(_ text: String, allowZero: Bool) -> Size? {
            let parts = text.split(omittingEmptySubsequences: false) { $0 == "x" || $0 == "×" }
            guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite else { return nil }
            guard allowZero ? (w >= 0 && h >= 0) : (w > 0 && h > 0) else { return nil }
            return Size(width: w, height: h)
        }
    }

    static let help = CommandHelp(
        overview: """
            \(abstract)
            Paste what lldb prints for po collectionView.collectionViewLayout
            .layoutAttributesForElements(in: rect) (wrappers, prompts and log prefixes
            included) into a file, or pipe it to standard input with -. A summary of what was
            read goes to standard error. See docs/import.md.
            """,
        lead: "<file>",
        arguments: [("<file>", "The pasted text; - reads standard input.")],
        options: [
            Options.output.declaration, Options.scenario.declaration, Options.first.declaration, Options.kind.declaration,
            Options.scrollDirection.declaration, Options.contentSize.declaration, Options.viewport.declaration,
            Options.name.declaration,
        ],
        notes: [
            """
            An element printed hidden = YES is kept with alpha 0 (laid out and sprung, not drawn).
            Nothing is written when the text cannot be read: an unreadable description is an error
            naming its line and column (exit 65), and so is text without any.
            """,
        ])

    var input: String
    var outputPath: String?
    var writesScenario: Bool
    var options: ImportOptions
    var scrollDirection: Axis?
    var contentSize: Size?
    var viewport: Size?
    var scenarioName: String?

    init(_ arguments: ParsedArguments) throws(CommandError) {
        outputPath = try arguments.value(Options.output)
        writesScenario = arguments.isSet(Options.scenario)
        let roles = try arguments.values(Options.kind).map { (kind: $0.0, role: $0.1) }
        options = ImportOptions(duplicates: arguments.isSet(Options.first) ? .keepFirst : .keepLast, roles: roles)
        scrollDirection = try arguments.value(Options.scrollDirection)
        contentSize = try arguments.value(Options.contentSize)
        viewport = try arguments.value(Options.viewport)
        scenarioName = try arguments.value(Options.name)
        let files = arguments.positionals
        guard files.count == 1 else {
            throw arguments.usageError(files.isEmpty ? "missing input: a file of pasted text, or - for standard input" : "expected one input, got \(files.count)")
        }
        input = files[0]
        if !writesScenario {
            let given = [
                (scrollDirection != nil, "--scroll-direction"), (contentSize != nil, "--content-size"), (viewport != nil, "--viewport"),
                (scenarioName != nil, "--name"),
            ]
            if let option = given.first(where: \.0)?.1 {
                throw arguments.usageError("\(option) shapes the scenario: give --scenario too (an elements file has no place for it)")
            }
        }
    }

    func run() throws(CommandError) -> ExitCode {
        var files = CommandFiles(command: Self.name)
        if input != "-" { try files.input(input, role: "the input") }
        let target = try files.output(outputPath, option: "-o")
        let text = try readInput()
        let layout: ImportedLayout
        let output: String
        let sourceName = input == "-" ? "standard input" : input
        do {
            layout = try LayoutImport.read(text, options: options)
            if writesScenario {
                output = try ScenarioWriter.scenario(
                    layout,
                    options: ScenarioWriter.Options(
                        name: scenarioName ?? defaultName, scrollDirection: scrollDirection ?? .vertical, contentSize: contentSize,
                        viewport: viewport, source: input == "-" ? "standard input" : (input as NSString).lastPathComponent))
            } else {
                output = ElementsFileWriter.json(layout.attributes)
            }
        } catch {
            throw .failure("\(sourceName): \(error)", .invalidScenario)
        }
        report(layout)
        return try RenderCommand.write(Array(output.utf8), to: target)
    }

    /// The text to read: the file, or standard input.
    private func readInput() throws(CommandError) -> String {
        let bytes: [UInt8]
        if input == "-" {
            bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        } else {
            do {
                bytes = try InputFile.read(input, limit: ScenarioLoader.maxFileSize)
            } catch {
                throw .input(error)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The summary and the notes, on standard error.
    private func report(_ layout: ImportedLayout) {
        let summary = layout.summary
        var lines = summary.text
        let size = contentSize ?? summary.contentSize
        let sizeText = "\(JSONNumberFormat.compact(size.width)) × \(JSONNumberFormat.compact(size.height)) pt"
        if contentSize != nil {
            lines.append("  content size \(sizeText) (--content-size)")
        } else {
            lines.append("  content size \(sizeText): the union of the frames (the largest x and y an element reaches); --content-size sets another")
        }
        for note in layout.notes { lines.append("note: \(note)") }
        for line in lines { Console.error("tether import: \(line)") }
    }

    /// The output file's name without its extension when it makes a scenario name, else "imported".
    private var defaultName: String {
        guard let outputPath, outputPath != "-" else { return "imported" }
        let base = ((outputPath as NSString).lastPathComponent as NSString).deletingPathExtension
        return Self.isScenarioName(base) ? base : "imported"
    }

    static func isScenarioName(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.count <= 100
            && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
    }
}
