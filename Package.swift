// swift-tools-version:6.0
// Tools version 6.0 puts every target in the Swift 6 language mode with complete
// concurrency checking. The package has no dependencies: the toolchain is all there is.
import PackageDescription

/// Every file imports each module whose declarations it uses, members included (Swift 6.1's
/// MemberImportVisibility), and no module re-exports another: what a target lists below is
/// what it uses.
let honestImports: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
    name: "Tether",
    // Synchronization's `Mutex` and `Atomic` (the solver's workers, the temporary-file table)
    // need macOS 15 and iOS 18; nothing else asks for more.
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        // What an app's test target depends on: `Tether` loads or builds scenarios, replays them
        // and checks goldens; the two below are the physics and the layouts on their own.
        .library(name: "Tether", targets: ["Tether"]),
        .library(name: "TetherPhysics", targets: ["TetherPhysics"]),
        .library(name: "TetherLayout", targets: ["TetherLayout"]),
        // The binary is `tether`; its target is `TetherCLI` because a module `tether` beside the
        // library module `Tether` would share build folders on macOS's case-insensitive disks.
        .executable(name: "tether", targets: ["TetherCLI"]),
        // The fuzz targets' entry points, for the fuzzing package in Fuzz/ (which depends on this
        // one by path and can only use its products).
        .library(name: "TetherFuzzing", targets: ["TetherFuzzing"]),
    ],
    targets: [
        // MARK: - Libraries (dependency arrows point down only)
        // Each module's folder has a README.md of one paragraph (excluded from the build).

        /// The one place that calls the C library (Glibc, Darwin or Musl, chosen by `#if
        /// canImport`): file descriptors, file status, signals, sockets, pipe buffers, the
        /// process, yielding the processor. Swift types in, Swift types out; see docs/platforms.md.
        .target(name: "TetherPlatform", exclude: ["README.md"], swiftSettings: honestImports),
        /// Rigid bodies, springs and joints, the fixed-step solver. Knows nothing of collection views.
        /// `rounded()` lowers to libm's `rint`/`round` (exact operations) on Linux.
        .target(
            name: "TetherPhysics", dependencies: ["TetherPlatform"], exclude: ["README.md"], swiftSettings: honestImports,
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        /// Layout attributes, flow layout, the scroll model and the dynamic layouts that drive physics.
        .target(name: "TetherLayout", dependencies: ["TetherPhysics"], exclude: ["README.md"], swiftSettings: honestImports),
        /// Strict JSON: the scanner and parser, values, paths, strict object reading, "did you
        /// mean". Knows nothing of scenarios.
        .target(name: "TetherJSON", exclude: ["README.md"], swiftSettings: honestImports),
        /// Scenario files (their key tables and decoders), replay, the writers and output files.
        .target(
            name: "TetherScenario", dependencies: ["TetherPlatform", "TetherJSON", "TetherPhysics", "TetherLayout"],
            exclude: ["README.md"], swiftSettings: honestImports),
        /// Golden files: comparing a replay's CSV with one (first difference, counts, largest
        /// difference), recording it, and the check's reports (its wording, JUnit XML).
        .target(name: "TetherGolden", dependencies: ["TetherJSON", "TetherScenario"], exclude: ["README.md"], swiftSettings: honestImports),
        /// Parameter sweeps: grids of overrides, per-run settle/overshoot metrics, ranking, heatmaps.
        .target(
            name: "TetherTuning", dependencies: ["TetherJSON", "TetherPhysics", "TetherLayout", "TetherScenario"],
            exclude: ["README.md"], swiftSettings: honestImports),
        /// Pictures of replays: the HTML player, animated SVGs, plots, check reports and the
        /// tuning page (which draws a sweep's grid, hence the arrow to TetherTuning).
        /// Its pages' JavaScript lives in `Scripts/*.js`, compiled in through the generated
        /// `PageScripts.swift` (tools/embed-page-scripts.swift), never read at run time.
        .target(
            name: "TetherRender",
            dependencies: ["TetherJSON", "TetherPhysics", "TetherLayout", "TetherScenario", "TetherGolden", "TetherTuning"],
            exclude: ["Scripts", "README.md"], swiftSettings: honestImports),
        /// `tether import`: reads the layout attributes a debugger, a log or a crash report printed
        /// (UIKit's descriptions inside lldb's, Swift's and Objective-C's wrappers) and writes them
        /// as a custom layout's elements or a whole scenario.
        .target(
            name: "TetherImport", dependencies: ["TetherJSON", "TetherPhysics", "TetherLayout", "TetherScenario"],
            exclude: ["README.md"], swiftSettings: honestImports),

        /// The public face for an app's tests: scenarios from files, JSON or code (a layout's
        /// attributes), replays read as values or as the CLI's bytes, golden checks that throw
        /// a readable failure. Plain Swift values in, Swift errors out; no exit codes.
        .target(
            name: "Tether", dependencies: ["TetherJSON", "TetherPhysics", "TetherLayout", "TetherScenario", "TetherGolden", "TetherImport"],
            exclude: ["README.md"], swiftSettings: honestImports),
        /// What coverage-guided fuzzing feeds each reader and checks of how it answers (one-line
        /// errors); Fuzz/ wraps each target in a libFuzzer executable, the tests replay the
        /// inputs it found (Fuzz/Regressions/).
        .target(name: "TetherFuzzing", dependencies: ["TetherJSON", "TetherScenario", "TetherGolden", "TetherImport", "TetherTuning"], exclude: ["README.md"], swiftSettings: honestImports),

        // MARK: - Executable

        /// The command-line tool: declares and parses the options, runs each command through the
        /// libraries (replays, checks, sweeps, pictures) and prints what they return.
        .executableTarget(
            name: "TetherCLI",
            dependencies: [
                "TetherPlatform", "TetherJSON", "TetherPhysics", "TetherLayout", "TetherScenario", "TetherGolden", "TetherTuning",
                "TetherRender", "TetherImport",
            ],
            exclude: ["README.md"], swiftSettings: honestImports),

        // MARK: - Tests

        /// Helpers shared by the test targets (a seeded random generator, an XML reader). Foundation only.
        .target(name: "TetherTestSupport", exclude: ["README.md"], swiftSettings: honestImports),
        /// Helpers that need the scenario model, shared by the scenario and golden tests (sample frames).
        .target(
            name: "TetherScenarioTestSupport", dependencies: ["TetherPhysics", "TetherLayout", "TetherScenario"],
            exclude: ["README.md"], swiftSettings: honestImports),

        /// The platform layer's calls against what Foundation and the kernel say.
        .testTarget(name: "TetherPlatformTests", dependencies: ["TetherPlatform", "TetherTestSupport"], swiftSettings: honestImports),
        .testTarget(name: "TetherPhysicsTests", dependencies: ["TetherPhysics", "TetherTestSupport"], swiftSettings: honestImports),
        .testTarget(
            name: "TetherLayoutTests", dependencies: ["TetherPhysics", "TetherLayout", "TetherTestSupport"],
            swiftSettings: honestImports),
        .testTarget(name: "TetherJSONTests", dependencies: ["TetherJSON", "TetherTestSupport"], swiftSettings: honestImports),
        /// Replays Fuzz/Regressions/ through the fuzz targets' entry points.
        .testTarget(name: "TetherFuzzingTests", dependencies: ["TetherFuzzing"], swiftSettings: honestImports),
        /// `Fixtures/` holds reference trajectories read by path (`#filePath`), not bundled.
        .testTarget(
            name: "TetherScenarioTests",
            dependencies: [
                "TetherPlatform", "TetherJSON", "TetherPhysics", "TetherLayout", "TetherScenario", "TetherTestSupport",
                "TetherScenarioTestSupport",
            ],
            exclude: ["Fixtures"], swiftSettings: honestImports),
        .testTarget(
            name: "TetherGoldenTests",
            dependencies: ["TetherScenario", "TetherGolden", "TetherTestSupport", "TetherScenarioTestSupport"],
            swiftSettings: honestImports),
        .testTarget(
            name: "TetherRenderTests",
            dependencies: ["TetherJSON", "TetherPhysics", "TetherLayout", "TetherScenario", "TetherTuning", "TetherRender", "TetherTestSupport"],
            swiftSettings: honestImports),
        .testTarget(
            name: "TetherTuningTests",
            dependencies: ["TetherJSON", "TetherPhysics", "TetherLayout", "TetherScenario", "TetherTuning", "TetherTestSupport"],
            swiftSettings: honestImports),
        /// The library's surface; runs the built `tether` binary to compare bytes with it.
        .testTarget(
            name: "TetherTests", dependencies: ["TetherJSON", "TetherScenario", "Tether", "TetherCLI"], swiftSettings: honestImports),
        /// `Fixtures/` holds debugger printouts read by path (`#filePath`), not bundled.
        .testTarget(
            name: "TetherImportTests",
            dependencies: ["TetherJSON", "TetherPhysics", "TetherLayout", "TetherScenario", "TetherImport"],
            exclude: ["Fixtures"], swiftSettings: honestImports),
        /// Runs the built `tether` binary and checks stdout, stderr and exit codes.
        .testTarget(
            name: "TetherCLITests", dependencies: ["TetherPlatform", "TetherCLI", "TetherTestSupport"], swiftSettings: honestImports),
    ]
)
