import TetherJSON
import TetherScenario

/// Why a sweep stopped: the first combination (in grid order) that failed.
public enum SweepError: Error, Sendable {
    /// The scenario file cannot be read or is not JSON (before any combination).
    case scenario(ScenarioLoadError)
    /// The scenario file could not be read a second time (it changed under the sweep).
    case unreadable(file: String, reason: String)
    /// The combination makes the scenario invalid (exit 65).
    case invalidCombination(index: Int, combination: String, ScenarioLoadError)
    /// The scenario is a world scene; sweeps measure springy layout scenes (exit 64).
    case worldScene(file: String)
    /// The replay of a combination failed (an event could not apply, or non-finite state).
    case replay(index: Int, combination: String, file: String, ReplayError)

    /// The text after "tether: error: ".
    public var message: String {
        switch self {
        case .scenario(let error):
            error.description
        case .unreadable(let file, let reason):
            "\(file): \(reason)"
        case .worldScene(let file):
            "\(file) is a world scene; 'sweep' measures springy layout scenes only (world scenes are not supported yet)"
        case .invalidCombination(let index, let combination, let error):
            "combination \(index) (\(combination)) makes the scenario invalid: \(error.description)"
        case .replay(let index, let combination, let file, let error):
            "combination \(index) (\(combination)): \(error.message(file: file))"
        }
    }
}

/// Everything needed to run any combination of a sweep: the parsed scenario document, the
/// `--set` overrides applied before each combination's, the grid and the settle criteria.
public struct SweepPlan: Sendable {
    /// The scenario file, for messages.
    public var file: String
    public var document: JSONValue
    public var baseOverrides: [ScenarioOverride]
    public var grid: SweepGrid
    public var criteria: SettleCriteria
    /// Each combination's work must fit it, as any scenario's.
    public var budget: WorkBudget
    /// The files the scenario names besides itself (custom layouts' elements files), as loaded.
    public var namedFiles: [String] = []

    public init(
        file: String, document: JSONValue, baseOverrides: [ScenarioOverride] = [], grid: SweepGrid,
        criteria: SettleCriteria = SettleCriteria(), budget: WorkBudget = .standard
    ) {
        self.file = file
        self.document = document
        self.baseOverrides = baseOverrides
        self.grid = grid
        self.criteria = criteria
        self.budget = budget
    }

    /// Reads and parses `file` through `ScenarioLoader` (so a missing or malformed file gives
    /// the usual message), checking combination `first` on the way.
    public static func load(
        file: String, baseOverrides: [ScenarioOverride], grid: SweepGrid, criteria: SettleCriteria, first: Int = 0,
        budget: WorkBudget = .standard
    ) throws(SweepError) -> SweepPlan {
        let scenario: Scenario
        do {
            scenario = try ScenarioLoader.load(file, overrides: baseOverrides + grid.overrides(at: first), budget: budget)
        } catch {
            switch error.problem {
            case .unreadable, .tooLarge, .syntax: throw .scenario(error)
            case .invalid: throw .invalidCombination(index: first, combination: grid.describe(first), error)
            }
        }
        if scenario.layoutScene == nil { throw .worldScene(file: file) }
        // The file was just read and parsed; read it again to keep the document.
        guard let bytes = try? InputFile.read(file, limit: ScenarioLoader.maxFileSize), let document = try? JSONParser.parse(bytes) else {
            throw .unreadable(file: file, reason: "changed or vanished while being read")
        }
        var plan = SweepPlan(file: file, document: document, baseOverrides: baseOverrides, grid: grid, criteria: criteria, budget: budget)
        plan.namedFiles = scenario.namedFiles
        return plan
    }

    /// The scenario of combination `index`: `--set` overrides, then the combination's, then
    /// `ScenarioLoader`'s validation.
    public func scenario(at index: Int) throws(SweepError) -> Scenario {
        do {
            return try ScenarioLoader.decode(document, file: file, overrides: baseOverrides + grid.overrides(at: index), budget: budget)
        } catch {
            throw .invalidCombination(index: index, combination: grid.describe(index), error)
        }
    }

    /// Replays combination `index` and measures it.
    public func measure(at index: Int) throws(SweepError) -> RunMetrics {
        let scenario = try scenario(at: index)
        do {
            return try MetricRecorder.measure(scenario, criteria: criteria)
        } catch {
            throw .replay(index: index, combination: grid.describe(index), file: file, error)
        }
    }

    /// Measures the combinations `indices` with `jobs` threads; the result is aligned with
    /// `indices` whatever order the runs finish in. `progress(done)` is called after each run,
    /// one call at a time. On failure, throws the error of the first failing combination in
    /// `indices` order (the same one for every `jobs`): runs are claimed in order, so when any
    /// run fails every earlier one has been claimed and is finished before this returns.
    public func run(
        _ indices: [Int], jobs: Int = 1, progress: (@Sendable (_ done: Int) -> Void)? = nil
    ) throws(SweepError) -> [RunMetrics] {
        try run(indices, jobs: jobs, progress: progress) { index throws(SweepError) in try measure(at: index) }
    }

    /// Runs `body(index)` for the combinations `indices` with `jobs` threads, in the same way
    /// as `run(_:jobs:progress:)` (results aligned with `indices`, the first failure in
    /// `indices` order): for callers that keep more of each replay than its metrics.
    public func run<Outcome: Sendable>(
        _ indices: [Int], jobs: Int = 1, progress: (@Sendable (_ done: Int) -> Void)? = nil,
        _ body: @escaping @Sendable (_ index: Int) throws(SweepError) -> Outcome
    ) throws(SweepError) -> [Outcome] {
        try ParallelRuns.map(indices, jobs: jobs, progress: progress, body)
    }
}
