import TetherScenario
import TetherTuning

// The exit code of each error the libraries throw at a command: the one mapping from what went
// wrong to what the shell sees.

extension ScenarioLoadError {
    /// 66 for a file that cannot be read, 65 for everything else.
    var exitCode: ExitCode { isUnreadable ? .inputMissing : .invalidScenario }
}

extension InputFileError {
    /// Always 66, "input missing or unreadable".
    var exitCode: ExitCode { .inputMissing }
}

extension ReplayError {
    /// 65 for an event that cannot apply, 70 for a simulation that stopped being finite.
    var exitCode: ExitCode {
        switch self {
        case .eventFailed: .invalidScenario
        case .simulationFailed: .simulationFailure
        }
    }
}

extension OutputError {
    /// Always 73, "output cannot be written" (a closed pipe ends the command quietly instead).
    var exitCode: ExitCode { .cannotWrite }
}

extension SweepError {
    /// 66 unreadable file, 70 simulation failure, 64 a world scene, 65 otherwise.
    var exitCode: ExitCode {
        switch self {
        case .scenario(let error): error.exitCode
        case .unreadable: .inputMissing
        case .worldScene: .usage
        case .invalidCombination(_, _, let error): error.exitCode
        case .replay(_, _, _, let error): error.exitCode
        }
    }
}

extension FitError {
    /// 64 what was asked cannot work, 65 unusable data, 66 an unreadable file, 70 a simulation failure.
    var exitCode: ExitCode {
        switch kind {
        case .usage: .usage
        case .data: .invalidScenario
        case .unreadable: .inputMissing
        case .simulation: .simulationFailure
        }
    }
}
