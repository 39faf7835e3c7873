/// What a pool's helpers did over the steps so far (`StepWorkers.helperReport`), for `tether
/// bench` to say why two threads ran as fast as they did.
public struct HelperReport: Sendable, Equatable {
    /// Steps with work for more than one thread that the helpers took part in, and that the
    /// caller ran alone (the governor's choice, `HelperGovernor`).
    public var stepsWithHelpers: Int
    public var stepsAlone: Int
    /// Calls in which the caller waited for a helper longer than it worked (`HelperStalls`).
    public var stalls: Int
    /// Changes of the favoured mode.
    public var switches: Int
    /// Probes of the helpers not run because no processor was free for them.
    public var probesPassed: Int

    /// The steps with work for more than one thread, with helpers or alone.
    public var splitSteps: Int { stepsWithHelpers + stepsAlone }

    /// The share of the split steps that ran with helpers (0 when none split).
    public var shareWithHelpers: Double {
        splitSteps == 0 ? 0 : Double(stepsWithHelpers) / Double(splitSteps)
    }
}
