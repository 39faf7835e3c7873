import TetherJSON
import TetherGolden
import TetherImport
import TetherScenario
import TetherTuning

/// The inputs coverage-guided fuzzing feeds (Fuzz/, a package of its own with one libFuzzer
/// executable per target), and the checks each input must pass. The same entry points replay
/// the inputs kept under Fuzz/Regressions/ in the normal tests, so a problem the fuzzer found
/// once is checked on every test run.
///
/// A crash or a trap is a failure by itself; beyond that, every error an input is refused with
/// must be one line (`MessageProblem`). Hangs and memory are bounded by libFuzzer's `-timeout`
/// and `-rss_limit_mb` (tools/fuzz).
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// Bytes as JSON (`JSONParser.parse`); a parsed value must serialize to text that parses
    /// back to it.
    case jsonScanner = "json-scanner"
    /// Bytes as a scenario file: parsed, then decoded (`ScenarioLoader.decode`), budget included.
    case scenarioDecoder = "scenario-decoder"
    /// Bytes as a custom layout's elements file: a JSON array of elements, or CSV at its first frame.
    case elementsFile = "elements-file"
    /// Bytes as a golden CSV, compared with a golden of the bundled kind.
    case goldenCSV = "golden-csv"
    /// Bytes as text a debugger printed (`LayoutImport.read`, what `tether import` reads).
    case debuggerText = "debugger-text"
    /// Bytes as a `tether fit` reference: a run CSV (`TrajectoryReference`), then a time and
    /// value curve (`CurveReference`).
    case fitReference = "fit-reference"

    /// What is wrong with how the input was handled, nil when nothing is.
    public func problem(with bytes: [UInt8]) -> String? {
        switch self {
        case .jsonScanner: Self.scanJSON(bytes)
        case .scenarioDecoder: Self.decodeScenario(bytes)
        case .elementsFile: Self.decodeElements(bytes)
        case .goldenCSV: Self.compareGolden(bytes)
        case .debuggerText: Self.importDebuggerText(bytes)
        case .fitReference: Self.readFitReference(bytes)
        }
    }

    private static func scanJSON(_ bytes: [UInt8]) -> String? {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            return MessageProblem.of(error.description)
        }
        let text = value.serialized()
        guard let back = try? JSONParser.parse(text) else { return "the serialized value does not parse: \(MessageText.quoted(text))" }
        // NaN cannot come out of the parser, so equality is exact.
        return back == value ? nil : "the serialized value parses to another value: \(MessageText.quoted(text))"
    }

    /// Files the scenario names are looked for in a folder that does not exist.
    static let scenarioFile = "/nonexistent-tether-fuzz/scenario.json"

    private static func decodeScenario(_ bytes: [UInt8]) -> String? {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            return MessageProblem.of(error.description)
        }
        do {
            _ = try ScenarioLoader.decode(document, file: scenarioFile)
            return nil
        } catch {
            return MessageProblem.of(error.description)
        }
    }

    private static func decodeElements(_ bytes: [UInt8]) -> String? {
        let key = JSONPath.root.appending("layout").appending("elementsFile")
        do {
            _ = try ElementsFile.decode(bytes, file: "layouts/fuzz.csv", at: key, frame: nil, frameKey: JSONPath.root.appending("frame"))
            return nil
        } catch {
            return MessageProblem.of("\(error)")
        }
    }

    /// A few rows as `tether run` writes them: what the fuzzed golden is compared with.
    static let actualCSV = Array("""
        frame,time,section,item,kind,center_x,center_y,width,height,angle,alpha,z_index
        0,0.000000,0,0,viewport,160.000,284.000,320.000,568.000,0.000000,1.000,0
        0,0.000000,0,0,cell,160.000,22.000,300.000,44.000,0.000000,1.000,0
        1,0.016667,0,0,viewport,160.000,284.000,320.000,568.000,0.000000,1.000,0
        1,0.016667,0,0,cell,160.000,22.500,300.000,44.000,0.010000,1.000,0

        """.utf8)

    /// The report of a comparison is several lines by design; each must be one line of its own.
    private static func compareGolden(_ bytes: [UInt8]) -> String? {
        let comparison = GoldenComparison.compare(expected: bytes, actual: actualCSV, tolerance: 0.001)
        let report = describe(comparison, scenario: "fuzz", goldenPath: "golden/fuzz.csv")
        for line in report.split(separator: "\n", omittingEmptySubsequences: false) {
            if let problem = MessageProblem.of(String(line)) { return problem }
        }
        return nil
    }

    private static func importDebuggerText(_ bytes: [UInt8]) -> String? {
        do {
            _ = try LayoutImport.read(String(decoding: bytes, as: UTF8.self))
            return nil
        } catch {
            return MessageProblem.of(error.description)
        }
    }

    private static func readFitReference(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            _ = try TrajectoryReference(file: "fuzz.csv", text: text, selection: .all)
        } catch {
            if let problem = MessageProblem.of(error.description) { return problem }
        }
        do {
            _ = try CurveReference(
                file: "fuzz.csv", text: text, column: nil, element: FitElementKey(kind: .cell, section: 0, item: 0),
                value: .displacement, shift: 0)
            return nil
        } catch {
            return MessageProblem.of(error.description)
        }
    }
}
