import Foundation
import TetherJSON

/// Why a scenario file could not be loaded; `description` is the one line the CLI prints after
/// "tether: error: ".
public struct ScenarioLoadError: Error, Sendable, CustomStringConvertible {
    public enum Problem: Sendable {
        /// Missing or unreadable file (exit 66).
        case unreadable(String)
        /// A file larger than `ScenarioLoader.maxFileSize`: one of the limits (exit 65).
        case tooLarge
        /// Not JSON (exit 65).
        case syntax(JSONSyntaxError)
        /// JSON, but not a valid scenario (exit 65).
        case invalid(ValidationError)
    }

    public var file: String
    public var problem: Problem

    public var description: String {
        switch problem {
        case .unreadable(let reason): "\(MessageText.path(file)): \(reason)"
        case .tooLarge: "\(MessageText.path(file)): is larger than \(ScenarioLoader.maxFileSize >> 20) MiB, the limit for scenario files"
        case .syntax(let e): "\(MessageText.path(file)): line \(e.line), column \(e.column): \(e.message)"
        case .invalid(let e): "\(MessageText.path(file)): \(e.path): \(e.message)"
        }
    }

    public var isUnreadable: Bool {
        if case .unreadable = problem { return true }
        return false
    }
}

/// One `--set PATH=VALUE` override.
public struct ScenarioOverride: Sendable, Hashable {
    public var path: JSONPath
    public var value: JSONValue

    public init(path: JSONPath, value: JSONValue) {
        self.path = path
        self.value = value
    }

    /// Parses `PATH=VALUE`; the value is JSON when it parses as JSON, else a string.
    public init(parsing text: String) throws(ValidationError) {
        guard let equals = text.firstIndex(of: "=") else {
            throw ValidationError(.root, "expected PATH=VALUE, e.g. dynamics.spring.damping=0.5")
        }
        let pathText = String(text[..<equals])
        do {
            path = try JSONPath(parsing: pathText)
        } catch {
            throw ValidationError(.root, "\(MessageText.quoted(pathText)) is not a valid path")
        }
        value = JSONValue.parseOverride(String(text[text.index(after: equals)...]))
    }
}

/// Reads, parses, overrides and decodes scenario files.
public enum ScenarioLoader {
    /// The largest scenario file read, so a wrong path to a huge file fails fast.
    public static let maxFileSize = 64 << 20

    /// Reads, parses and decodes `file`, then refuses it if its work is over `budget`.
    public static func load(
        _ file: String, overrides: [ScenarioOverride] = [], budget: WorkBudget = .standard
    ) throws(ScenarioLoadError) -> Scenario {
        try parse(try read(file), file: file, overrides: overrides, budget: budget)
    }

    /// Parses and decodes the bytes of a scenario file; `file` names it in messages and locates
    /// the files it names (a library reads scenarios from strings this way).
    public static func parse(
        _ bytes: [UInt8], file: String, overrides: [ScenarioOverride] = [], budget: WorkBudget = .standard
    ) throws(ScenarioLoadError) -> Scenario {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw ScenarioLoadError(file: file, problem: .syntax(error))
        }
        return try decode(document, file: file, overrides: overrides, budget: budget)
    }

    /// Decodes a parsed scenario, then refuses it if its work is over `budget`; files it names
    /// (a custom layout's `elementsFile`) are read relative to `file`'s folder.
    public static func decode(
        _ document: JSONValue, file: String, overrides: [ScenarioOverride] = [], budget: WorkBudget = .standard
    ) throws(ScenarioLoadError) -> Scenario {
        do {
            var document = document
            for override in overrides { document = try document.setting(override.value, at: override.path) }
            let scenario = try ScenarioDecoder.decode(document, files: ScenarioFiles(scenarioPath: file))
            try budget.check(scenario)
            return scenario
        } catch let error as ValidationError {
            throw ScenarioLoadError(file: file, problem: .invalid(error))
        } catch let error as UnreadableInputError {
            throw ScenarioLoadError(file: file, problem: .unreadable(error.description))
        } catch {
            throw ScenarioLoadError(file: file, problem: .invalid(ValidationError(.root, "\(error)")))
        }
    }

    static func read(_ file: String) throws(ScenarioLoadError) -> [UInt8] {
        do {
            return try InputFile.read(file, limit: maxFileSize)
        } catch {
            if case .tooLarge = error.problem { throw ScenarioLoadError(file: file, problem: .tooLarge) }
            throw ScenarioLoadError(file: file, problem: .unreadable(error.reason))
        }
    }
}
