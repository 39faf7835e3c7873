import TetherJSON
import TetherScenario

/// Everything needed to replay any candidate of a fit: the parsed scenario document, the
/// `--set` overrides applied before the candidate's values, the varied parameters and the
/// reference each replay is compared with.
public struct FitPlan: Sendable {
    /// The scenario file, for messages.
    public var file: String
    public var document: JSONValue
    public var baseOverrides: [ScenarioOverride]
    public var parameters: [FitParameter]
    public var reference: FitReference
    public var criteria: SettleCriteria
    public var budget: WorkBudget
    /// The files the scenario names besides itself (custom layouts' elements files).
    public var namedFiles: [String]
    /// The scenario with the `--set` overrides only (for its clock, frames and name).
    public var baseScenario: Scenario

    /// The most parameters a fit varies.
    public static let maximumParameters = 4

    /// Reads and parses `file` (so a missing or malformed file gives the usual message), then
    /// builds the plan as `init(file:document:…)` does.
    public static func load(
        file: String, baseOverrides: [ScenarioOverride], parameters: [FitParameter], reference: FitReference,
        criteria: SettleCriteria = SettleCriteria(), budget: WorkBudget = .standard
    ) throws(FitError) -> FitPlan {
        do {
            _ = try ScenarioLoader.load(file, overrides: baseOverrides, budget: budget)
        } catch {
            throw .loading(error, error.description)
        }
        guard let bytes = try? InputFile.read(file, limit: ScenarioLoader.maxFileSize), let document = try? JSONParser.parse(bytes) else {
            throw .data("\(file): changed or vanished while being read")
        }
        return try FitPlan(
            file: file, document: document, baseOverrides: baseOverrides, parameters: parameters, reference: reference,
            criteria: criteria, budget: budget)
    }

    /// Checks what would make every replay useless before the first: the parameter list, a
    /// world scene for a reference that reads the layout, the reference's clock, and each corner
    /// of the box and its middle (a bound the scenario refuses, such as a negative damping
    /// ratio, or a fractional value of a whole-number key).
    public init(
        file: String, document: JSONValue, baseOverrides: [ScenarioOverride] = [], parameters: [FitParameter],
        reference: FitReference, criteria: SettleCriteria = SettleCriteria(), budget: WorkBudget = .standard
    ) throws(FitError) {
        guard (1...Self.maximumParameters).contains(parameters.count) else {
            throw .usage("fit varies 1 to \(Self.maximumParameters) parameters, got \(parameters.count)")
        }
        for (position, parameter) in parameters.enumerated() where parameters[..<position].contains(where: { $0.path == parameter.path }) {
            throw .usage("--vary \(parameter.name) is given twice")
        }
        if let overlap = parameters.first(where: { p in baseOverrides.contains { $0.path == p.path } }) {
            throw .usage("--vary \(overlap.name) is also given to --set; the fit sets it")
        }
        let base: Scenario
        do {
            base = try ScenarioLoader.decode(document, file: file, overrides: baseOverrides, budget: budget)
        } catch {
            throw .loading(error, error.description)
        }
        if base.layoutScene == nil && reference.needsLayout {
            throw .usage("\(file) is a world scene; only a Tether CSV reference (--to FILE.csv of 'tether run') fits world scenes")
        }
        try reference.check(base)
        self.file = file
        self.document = document
        self.baseOverrides = baseOverrides
        self.parameters = parameters
        self.reference = reference
        self.criteria = criteria
        self.budget = budget
        self.namedFiles = base.namedFiles
        self.baseScenario = base
        try checkBounds()
    }

    /// Decodes the scenario at every corner of the box and at its middle.
    func checkBounds() throws(FitError) {
        let count = parameters.count
        var points: [[Double]] = [Array(repeating: 0.5, count: count)]
        for corner in 0..<(1 << count) {
            points.append((0..<count).map { Double((corner >> $0) & 1) })
        }
        for u in points {
            let values = zip(parameters, u).map { $0.value(at: $1) }
            do {
                _ = try ScenarioLoader.decode(document, file: file, overrides: overrides(values), budget: budget)
            } catch {
                let described = describe(values)
                let reason = error.description
                throw .loading(error, "the box of --vary values makes the scenario invalid at \(described): \(reason)")
            }
        }
    }

    func overrides(_ values: [Double]) -> [ScenarioOverride] {
        baseOverrides + zip(parameters, values).map { $0.override($1) }
    }

    /// The values at box coordinates `u`.
    public func values(at u: [Double]) -> [Double] {
        zip(parameters, u).map { $0.value(at: $1) }
    }

    /// "dynamics.spring.damping=0.5, dynamics.spring.frequency=2", for messages.
    public func describe(_ values: [Double]) -> String {
        zip(parameters, values).map { "\($0.name)=\(FitParameter.number($1))" }.joined(separator: ", ")
    }

    /// The scenario with the `--set` overrides and then `values`.
    public func scenario(at values: [Double]) throws(FitError) -> Scenario {
        do {
            return try ScenarioLoader.decode(document, file: file, overrides: overrides(values), budget: budget)
        } catch {
            throw .loading(error, "\(describe(values)) makes the scenario invalid: \(error.description)")
        }
    }

    /// Replays the scenario at `values` and compares it with the reference.
    public func evaluate(_ values: [Double], overlay: Bool = false) throws(FitError) -> FitComparison {
        let scenario = try scenario(at: values)
        do {
            return try reference.compare(scenario, criteria: criteria, overlay: overlay)
        } catch {
            throw .replay(error, "\(describe(values)): \(error.message(file: file))")
        }
    }
}
