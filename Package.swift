// swift-tools-version:6.0
// Tools version 6.0 puts every target in the Swift 6 language mode with complete
// concurrency checking. The package has no dependencies: the toolchain is all there is.
import PackageDescription

let package = Package(
    name: "Tether",
    products: [
        // The two libraries an app's test target can depend on.
        .library(name: "TetherPhysics", targets: ["TetherPhysics"]),
        .library(name: "TetherLayout", targets: ["TetherLayout"]),
        .executable(name: "tether", targets: ["tether"]),
    ],
    targets: [
        // MARK: - Libraries (dependency arrows point down only)

        /// Rigid bodies, springs and joints, the fixed-step solver. Knows nothing of collection views.
        /// `rounded()` lowers to libm's `rint`/`round` (exact operations) on Linux.
        .target(name: "TetherPhysics", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        /// Layout attributes, flow layout, the scroll model and the dynamic layouts that drive physics.
        .target(name: "TetherLayout", dependencies: ["TetherPhysics"]),
        /// Scenario files (strict JSON decoding), replay, writers and golden comparison.
        .target(name: "TetherScenario", dependencies: ["TetherPhysics", "TetherLayout"]),
        /// Parameter sweeps: grids of overrides, per-run settle/overshoot metrics, ranking, heatmaps.
        .target(name: "TetherTuning", dependencies: ["TetherScenario"]),
        /// Pictures of replays: the HTML player, animated SVGs, plots, check reports and the
        /// tuning page (which draws a sweep's grid, hence the arrow to TetherTuning).
        .target(name: "TetherRender", dependencies: ["TetherScenario", "TetherTuning"]),

        // MARK: - Executable

        /// The command-line tool: parses arguments, calls the libraries, prints.
        .executableTarget(name: "tether", dependencies: ["TetherScenario", "TetherRender", "TetherTuning"]),

        // MARK: - Tests

        /// Helpers shared by the test targets (a seeded random generator).
        .target(name: "TetherTestSupport"),

        .testTarget(name: "TetherPhysicsTests", dependencies: ["TetherPhysics", "TetherTestSupport"]),
        .testTarget(name: "TetherLayoutTests", dependencies: ["TetherLayout", "TetherTestSupport"]),
        /// `Fixtures/` holds reference trajectories read by path (`#filePath`), not bundled.
        .testTarget(name: "TetherScenarioTests", dependencies: ["TetherScenario", "TetherTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "TetherRenderTests", dependencies: ["TetherRender"]),
        .testTarget(name: "TetherTuningTests", dependencies: ["TetherTuning"]),
        /// Runs the built `tether` binary and checks stdout, stderr and exit codes.
        .testTarget(name: "TetherCLITests", dependencies: ["tether"]),
    ]
)
