import Foundation
import Testing
import TetherJSON
import TetherScenario
@testable import TetherTuning

/// The optimizer on functions with known minima, and the search's determinism, budget and refusals.
@Suite struct FitSearchTests {
    @Test func nelderMeadFindsAQuadraticsMinimumInsideTheBox() {
        let goal = [0.31, 0.77]
        let outcome = NelderMead(budget: 400).minimize(from: [0.9, 0.1], value: 10, step: 0.1) { (u: [Double]) -> Double in
            let (a, b) = (u[0] - goal[0], u[1] - goal[1])
            return a * a + 10 * b * b + a * b
        }
        #expect(outcome.converged)
        #expect(abs(outcome.point[0] - goal[0]) < 1e-3 && abs(outcome.point[1] - goal[1]) < 1e-3, "\(outcome.point)")
    }

    @Test func nelderMeadStopsOnTheBoundWhenTheMinimumLiesBeyondIt() {
        // The unconstrained minimum is at u = (1.4, 0.5): in the box, (1, 0.5).
        let outcome = NelderMead(budget: 400).minimize(from: [0.2, 0.2], value: 100, step: 0.1) { (u: [Double]) -> Double in
            (u[0] - 1.4) * (u[0] - 1.4) + (u[1] - 0.5) * (u[1] - 0.5)
        }
        #expect(outcome.point[0] == 1)
        #expect(abs(outcome.point[1] - 0.5) < 1e-3)
        #expect(outcome.point.allSatisfy { $0 >= 0 && $0 <= 1 })
    }

    @Test func nelderMeadKeepsToItsBudget() {
        var calls = 0
        let outcome = NelderMead(budget: 7).minimize(from: [0.5, 0.5, 0.5], value: 1, step: 0.1) { (u: [Double]) -> Double in
            calls += 1
            return sin(9 * u[0]) + cos(7 * u[1]) + u[2]
        }
        #expect(calls == 7)
        #expect(outcome.evaluations == 7)
        #expect(!outcome.converged)
    }

    @Test func theGridFindsEachValley() {
        // Two valleys on a 1-D grid of 7: values 5 1 3 4 2 6 0 → minima at 6 (0), 1 (1), 4 (2).
        #expect(FitSearch.localMinima([5, 1, 3, 4, 2, 6, 0], n: 7, d: 1) == [6, 1, 4])
        // 2-D 3 × 3, row-major: a single valley at the centre.
        #expect(FitSearch.localMinima([5, 4, 5, 4, 1, 4, 5, 4, 5], n: 3, d: 2) == [4])
    }

    @Test func parametersPrintToAHundredThousandthOfTheirRange() throws {
        let damping = try FitParameter(parsing: "dynamics.spring.damping=0.1:1")
        #expect(damping.decimals == 6)
        #expect(damping.text(0.4370123456) == "0.437012")
        let resistance = try FitParameter(parsing: "dynamics.resistance=100:2000")
        #expect(resistance.decimals == 2)
        #expect(resistance.value(at: 0) == 100 && resistance.value(at: 1) == 2000 && resistance.value(at: 2) == 2000)
        #expect(throws: SweepSpecError.self) { try FitParameter(parsing: "dynamics.spring.damping=1:0.1") }
        #expect(throws: SweepSpecError.self) { try FitParameter(parsing: "dynamics.spring.damping=0.1:0.5:0.1") }
        #expect(throws: SweepSpecError.self) { try FitParameter(parsing: "dynamics.spring.damping=a:1") }
    }

    static func plan(_ varies: [String], reference: FitReference) throws -> FitPlan {
        try FitPlan(
            file: "scenario.json", document: FitRecoveryTests.single,
            parameters: varies.map { try FitParameter(parsing: $0) }, reference: reference)
    }

    static let spring = FitReference.spring(
        SpringReference(spec: try! SpringReferenceSpec(parsing: "swiftui response=0.6 dampingFraction=0.5"), selection: .all))

    @Test func theSameFitForEveryNumberOfJobs() throws {
        let plan = try Self.plan(["dynamics.spring.damping=0.1:1", "dynamics.spring.frequency=0.5:3"], reference: Self.spring)
        let one = try FitSearch(maxRuns: 60, jobs: 1, gridPoints: 4).run(plan)
        let three = try FitSearch(maxRuns: 60, jobs: 3, gridPoints: 4).run(plan)
        #expect(one.values == three.values)
        #expect(one.comparison.residual == three.comparison.residual)
        #expect(one.replays == three.replays)
        #expect(one.replays.total <= 60)
        // SwiftUI response 0.6 s is 1/0.6 Hz.
        #expect(abs(one.values[1] - 1 / 0.6) < 0.02 * (1 / 0.6), "\(one.values)")
    }

    @Test func aParameterTheScenarioDoesNotUseIsRefused() throws {
        // The scenario has no finger and tiles every item, so the padding changes nothing.
        let plan = try Self.plan(["dynamics.spring.damping=0.1:1", "dynamics.tilePadding=10:200"], reference: Self.spring)
        let error = try #require(throws: FitError.self) { try FitSearch(maxRuns: 60, gridPoints: 4).run(plan) }
        #expect(error.kind == .usage)
        #expect(error.message.hasPrefix("--vary dynamics.tilePadding: every value from 10 to 200 gives the same compared motion"), "\(error.message)")
    }

    @Test func boundsTheScenarioRefusesAreNamedBeforeAnyReplay() throws {
        let error = try #require(throws: FitError.self) {
            try Self.plan(["dynamics.spring.damping=-0.5:1"], reference: Self.spring)
        }
        #expect(error.kind == .data)
        #expect(error.message.contains("at dynamics.spring.damping=-0.5"), "\(error.message)")
        #expect(error.message.contains("dynamics.spring.damping"), "\(error.message)")
    }

    @Test func aTooSmallBudgetIsAUsageError() throws {
        let plan = try Self.plan(["dynamics.spring.damping=0.1:1", "dynamics.spring.frequency=0.5:3"], reference: Self.spring)
        let error = try #require(throws: FitError.self) { try FitSearch(maxRuns: 20, gridPoints: 4).run(plan) }
        #expect(error.kind == .usage)
        #expect(error.message.hasPrefix("--max-runs 20 is too few"), "\(error.message)")
    }

    @Test func aReferenceWithoutCommonFramesIsRefused() throws {
        let csv = CSVFrameWriter.headerLine + "\n500,8.333333,0,0,cell,50.000,50.000,100.000,100.000,0.000000,1.000,0\n"
        let reference = try TrajectoryReference(file: "late.csv", text: csv, selection: .all)
        let plan = try Self.plan(["dynamics.spring.damping=0.1:1"], reference: .trajectory(reference))
        let error = try #require(throws: FitError.self) { try FitSearch(maxRuns: 60).run(plan) }
        #expect(error.kind == .data)
        #expect(error.message.hasPrefix("late.csv: no frame and element in common with the replay"), "\(error.message)")
    }
}
