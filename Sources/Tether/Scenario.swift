import Foundation
import TetherJSON
import TetherScenario

/// A scenario ready to replay: a collection-view layout with its dynamics and the script of
/// touches and scrolls that moves it (or a world of free items), checked in full.
///
/// Load one from a scenario file or a JSON string in the format `tether` reads
/// (docs/scenario-format.md), or build one in code from the elements your layout computes
/// (`init(name:frames:viewport:elements:…)`). A value you hold is always valid: every problem
/// is a `TetherError` thrown here, worded as the command line words it.
public struct Scenario: Sendable {
    /// The checked scenario the replay plays.
    let model: TetherScenario.Scenario
    /// What messages call the scenario: its file, or its name when it was built in code.
    let source: String

    init(model: TetherScenario.Scenario, source: String) {
        self.model = model
        self.source = source
    }

    /// The scenario's `name` (a golden is named after it unless you name it).
    public var name: String { model.name }
    /// Frames simulated after frame 0.
    public var frames: Int { model.frames }
    /// Output frames per second.
    public var hz: Int { model.clock.hz }

    /// Which elements each frame lists, unless a replay asks otherwise.
    public enum ItemSelection: String, Sendable, Hashable, CaseIterable {
        /// Elements that meet the viewport at that frame (as `tether run` prints by default).
        case visible
        /// Every element, on screen or not.
        case all
    }

    /// The scenario file at `url`; files it names (an `elementsFile`) are found relative to it.
    ///
    /// - Parameter overrides: `PATH=VALUE` changes applied before validation, as `tether run
    ///   --set` applies them (`"dynamics.spring.damping=0.5"`, `"frames=120"`).
    public init(contentsOf url: URL, overrides: [String] = []) throws(TetherError) {
        try self.init(path: url.path, overrides: overrides)
    }

    /// The scenario file at `path` (relative paths start at the current directory).
    public init(path: String, overrides: [String] = []) throws(TetherError) {
        let parsed = try Self.parse(overrides, source: path)
        do {
            model = try ScenarioLoader.load(path, overrides: parsed)
        } catch {
            throw TetherError(error)
        }
        source = path
    }

    /// A scenario from the text of a scenario file.
    ///
    /// - Parameters:
    ///   - label: what error messages call this text, in place of a file name.
    ///   - directory: where files the scenario names (an `elementsFile`) are found; without
    ///     one, relative names start at the current directory.
    public init(json: String, label: String = "JSON", relativeTo directory: URL? = nil, overrides: [String] = []) throws(TetherError) {
        let source = directory.map { $0.appendingPathComponent(label).path } ?? label
        let parsed = try Self.parse(overrides, source: source)
        do {
            model = try ScenarioLoader.parse(Array(json.utf8), file: source, overrides: parsed)
        } catch {
            throw TetherError(error)
        }
        self.source = source
    }

    /// Decodes a parsed document; `source` names it in messages and locates the files it names.
    init(document: JSONValue, source: String, overrides: [ScenarioOverride] = []) throws(TetherError) {
        do {
            model = try ScenarioLoader.decode(document, file: source, overrides: overrides)
        } catch {
            throw TetherError(error)
        }
        self.source = source
    }

    static func parse(_ overrides: [String], source: String) throws(TetherError) -> [ScenarioOverride] {
        var parsed: [ScenarioOverride] = []
        for text in overrides {
            do {
                parsed.append(try ScenarioOverride(parsing: text))
            } catch {
                throw TetherError(.invalidArgument, "\(source): invalid override '\(text)': \(error.message)")
            }
        }
        return parsed
    }

    /// A replay of this scenario from frame 0; see `Replay`.
    public func replay(items: ItemSelection? = nil, every: Int? = nil) throws(TetherError) -> Replay {
        try Replay(self, items: items, every: every)
    }
}
