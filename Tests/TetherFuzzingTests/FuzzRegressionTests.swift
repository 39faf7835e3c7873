import Foundation
import Testing
import TetherFuzzing

/// Every input coverage-guided fuzzing ever failed on (Fuzz/Regressions/TARGET/, one file each,
/// as libFuzzer wrote it) goes through that target's entry point again, so a fixed problem stays
/// fixed. A crash ends the test process, which fails the run as loudly.
@Suite struct FuzzRegressionTests {
    static let regressions = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Regressions")

    static func inputs(of target: FuzzTarget) -> [URL] {
        let folder = regressions.appendingPathComponent(target.rawValue)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test(arguments: FuzzTarget.allCases)
    func keptInputsPass(_ target: FuzzTarget) throws {
        for input in Self.inputs(of: target) {
            let bytes = Array(try Data(contentsOf: input))
            #expect(target.problem(with: bytes) == nil, "\(target.rawValue)/\(input.lastPathComponent)")
        }
    }

    /// The folder of every target is there (so libFuzzer has where to write what it finds), and
    /// the checks do fail: a message with a line break or past the bound is a problem.
    @Test func everyTargetHasItsFolderAndTheCheckBites() {
        for target in FuzzTarget.allCases {
            var isFolder: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: Self.regressions.appendingPathComponent(target.rawValue).path, isDirectory: &isFolder) && isFolder.boolValue, "\(target)")
        }
        #expect(MessageProblem.of("t.json: frames: fine") == nil)
        #expect(MessageProblem.of("t.json: a\nb") != nil)
        #expect(MessageProblem.of("t.json: a\u{2028}b") != nil)
        #expect(MessageProblem.of(String(repeating: "x", count: MessageProblem.maxBytes + 1)) != nil)
    }
}
