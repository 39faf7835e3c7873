// swift-tools-version:6.0
// Coverage-guided fuzzing of Tether's readers with libFuzzer: one executable per fuzz target,
// each defining `LLVMFuzzerTestOneInput` (libFuzzer supplies `main`, hence `-parse-as-library`).
// A package of its own, because such targets only link with `--sanitize=fuzzer`; it uses
// Tether, one folder up, through its `TetherFuzzing` product. Build and run with tools/fuzz
// (docs/fuzzing.md).
import PackageDescription

/// A path dependency is known by its folder's name, which is whatever the clone is called.
let tether = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "Tether"

/// One libFuzzer executable per `FuzzTarget` case, named after it.
let fuzzTargets = ["FuzzJSONScanner", "FuzzScenarioDecoder", "FuzzElementsFile", "FuzzGoldenCSV", "FuzzDebuggerText", "FuzzFitReference"]

let package = Package(
    name: "TetherFuzz",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(path: "..")],
    targets: [
        /// Runs one input through a target's entry point and traps on a problem, which libFuzzer
        /// reports as a crash and keeps.
        .target(name: "FuzzEntry", dependencies: [.product(name: "TetherFuzzing", package: tether)]),
    ] + fuzzTargets.map { name in
        .executableTarget(
            name: name, dependencies: ["FuzzEntry", .product(name: "TetherFuzzing", package: tether)],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])])
    }
)
