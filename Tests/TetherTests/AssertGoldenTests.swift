import Foundation
import Testing
import Tether

/// `assertGolden`'s paths: pass, mismatch, missing (recorded or not), record modes, and what
/// each failure says.
@Suite struct AssertGoldenTests {
    static func scenario() throws -> Scenario {
        try Scenario(contentsOf: TetherBinary.url("scenarios/circle-layout.json"))
    }

    /// Runs the assertion and returns its failure, or nil when it passed.
    func failure(_ assertion: () throws -> Void) throws -> GoldenFailure? {
        do {
            try assertion()
            return nil
        } catch let failure as GoldenFailure {
            return failure
        }
    }

    @Test func missingGoldenIsRecordedAndFailsThenPasses() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try Self.scenario()
        let goldens = folder.appendingPathComponent("nested/Goldens")
        let recorded = try #require(try failure { try assertGolden(of: scenario, in: goldens, record: .missing) })
        let golden = goldens.appendingPathComponent("circle-layout.csv")
        #expect(recorded.reason == .recordedMissing)
        #expect(recorded.golden == golden)
        let bytes = try Data(contentsOf: golden)
        #expect(try bytes == scenario.replay().output(.csv))
        let lines = bytes.filter { $0 == UInt8(ascii: "\n") }.count
        #expect(recorded.description == """
            No golden was at \(golden.path): recorded it from this replay (\(lines) lines).
            Run the test again to check against it, and commit the file.
            """)
        #expect(try failure { try assertGolden(of: scenario, in: goldens, record: .missing) } == nil)
        #expect(try failure { try assertGolden(of: scenario, in: goldens, record: .never) } == nil)
    }

    @Test func missingGoldenWithRecordingOffIsNotWritten() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let failure = try #require(try failure { try assertGolden(of: Self.scenario(), named: "absent", in: folder, record: .never) })
        #expect(failure.reason == .missing)
        #expect(failure.description == """
            No golden at \(folder.appendingPathComponent("absent.csv").path), and recording is off (record: .never).
            To record it, run the test with TETHER_RECORD=missing in the environment or pass record: .missing.
            """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// One number changed in the golden: the failure names the frame, element, column and
    /// both values, counts the rows, points at the actual output and says how to re-record.
    @Test func mismatchSaysWhereAndHowMuchAndHowToRecord() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try Self.scenario()
        let actual = String(decoding: try scenario.replay().output(.csv), as: UTF8.self)
        var lines = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(lines.firstIndex { $0.hasPrefix("44,") && $0.contains(",cell,") })
        var fields = lines[index].split(separator: ",").map(String.init)
        let original = try #require(Double(fields[6]))
        fields[6] = String(format: "%.3f", original + 2.5)
        let element = "cell \(fields[2]).\(fields[3])"
        lines[index] = fields.joined(separator: ",")
        let golden = folder.appendingPathComponent("circle-layout.csv")
        try Data(lines.joined(separator: "\n").utf8).write(to: golden)

        let failure = try #require(try failure { try assertGolden(of: scenario, in: folder, record: .missing) })
        #expect(failure.reason == .mismatch)
        #expect(failure.differingRows == 1 && failure.missingRows == 0 && failure.extraRows == 0)
        #expect(abs(failure.largestDifference - 2.5) < 1e-9)
        let first = try #require(failure.firstDifference)
        #expect(first.frame == 44 && first.element == element && first.column == "center_y" && first.line == index + 1)
        let artifact = try #require(failure.actualOutput)
        #expect(try String(decoding: Data(contentsOf: artifact), as: UTF8.self) == actual)
        #expect(failure.description == """
            scenario circle-layout does not match \(golden.path)
            first difference: frame 44, \(element), center_y: expected \(fields[6]), actual \(String(format: "%.3f", original)) (line \(index + 1))
            1 row differs, 0 missing, 0 extra; largest difference 2.5
            actual output: \(artifact.path)
            If the change is intended, record the golden again: run the test with TETHER_RECORD=1 in the environment or pass record: .all, then turn recording off and run it once more.
            """)
        // The golden is untouched by a failed check; within a tolerance it passes.
        #expect(try String(decoding: Data(contentsOf: golden), as: UTF8.self) == lines.joined(separator: "\n"))
        #expect(try self.failure { try assertGolden(of: scenario, in: folder, tolerance: 2.5) } == nil)
        #expect(try self.failure { try assertGolden(of: scenario, in: folder, tolerance: 2.4) }?.reason == .mismatch)
    }

    @Test func recordAllRewritesAndFails() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try Self.scenario()
        let golden = folder.appendingPathComponent("circle-layout.csv")
        _ = try failure { try assertGolden(of: scenario, in: folder) }
        let unchanged = try #require(try failure { try assertGolden(of: scenario, in: folder, record: .all) })
        #expect(unchanged.reason == .recorded)
        #expect(unchanged.description == """
            Recorded golden \(golden.path) (unchanged): record mode is on (record: .all).
            Turn it off and run the test again to check against the golden.
            """)
        try Data("frame,time\n".utf8).write(to: golden)
        let replaced = try #require(try failure { try assertGolden(of: scenario, in: folder, record: .all) })
        #expect(replaced.description.hasPrefix("Recorded golden \(golden.path) (was: 0 rows differ, "))
        #expect(try Data(contentsOf: golden) == scenario.replay().output(.csv))
    }

    @Test func recordFailedRewritesOnlyWhatFails() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try Self.scenario()
        let golden = folder.appendingPathComponent("circle-layout.csv")
        _ = try failure { try assertGolden(of: scenario, in: folder) }
        #expect(try failure { try assertGolden(of: scenario, in: folder, record: .failed) } == nil)
        let sparse = try scenario.replay(every: 10)
        let failure = try #require(try failure { try assertGolden(of: sparse, in: folder, record: .failed) })
        #expect(failure.reason == .recorded)
        #expect(failure.description.contains("Recorded the new output as the golden (record: .failed)"))
        #expect(try Data(contentsOf: golden) == sparse.output(.csv))
    }

    @Test func environmentChoosesTheModeWhenTheCallDoesNot() throws {
        #expect(try RecordMode.fromEnvironment([:]) == .missing)
        #expect(try RecordMode.fromEnvironment(["TETHER_RECORD": ""]) == .missing)
        #expect(try RecordMode.fromEnvironment(["TETHER_RECORD": "1"]) == .all)
        #expect(try RecordMode.fromEnvironment(["TETHER_RECORD": "true"]) == .all)
        #expect(try RecordMode.fromEnvironment(["TETHER_RECORD": "0"]) == .missing)
        for mode in RecordMode.allCases {
            #expect(try RecordMode.fromEnvironment(["TETHER_RECORD": mode.rawValue.uppercased()]) == mode)
        }
        #expect(throws: TetherError(.invalidArgument, "TETHER_RECORD=maybe: expected all, failed, missing or never (or 1 for all)")) {
            try RecordMode.fromEnvironment(["TETHER_RECORD": "maybe"])
        }
    }

    /// The default folder is Goldens/ beside the calling file (`#filePath`, given here). The file
    /// given is under /dev/null, where no folder can be made, so the check writes nothing and two
    /// runs at once share nothing; recording into a folder that can be made is tested above.
    @Test func defaultFolderIsBesideTheTestFile() throws {
        let scenario = try Self.scenario()
        let missing = try #require(try failure {
            try assertGolden(of: scenario, named: "circle", record: .never, filePath: "/dev/null/MyLayoutTests.swift")
        })
        #expect(missing.reason == .missing)
        #expect(missing.golden.path == "/dev/null/Goldens/circle.csv")
        // Recording writes into that folder: here it cannot be made, and the error names it.
        #expect {
            try assertGolden(of: scenario, named: "circle", record: .missing, filePath: "/dev/null/MyLayoutTests.swift")
        } throws: { error in
            (error as? TetherError)?.description.hasPrefix("/dev/null/Goldens: cannot create the folder") == true
        }
        // Without `filePath`, the calling file is this one.
        let name = "absent-\(UUID().uuidString)"
        let besideThisFile = try #require(try failure { try assertGolden(of: scenario, named: name, record: .never) })
        let thisFolder = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        #expect(besideThisFile.golden.path == "\(thisFolder)/Goldens/\(name).csv")
        #expect(!FileManager.default.fileExists(atPath: besideThisFile.golden.path))
    }

    @Test func badArgumentsAndUnreadableGoldensAreErrors() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try Self.scenario()
        #expect(throws: TetherError(.invalidArgument, "golden name \"a/b\": give a file name without \"/\"")) {
            try assertGolden(of: scenario, named: "a/b", in: folder)
        }
        #expect(throws: TetherError.self) { try assertGolden(of: scenario, in: folder, tolerance: -1) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("circle-layout.csv"), withIntermediateDirectories: false)
        #expect(throws: TetherError(.unreadableInput, "\(folder.appendingPathComponent("circle-layout.csv").path): is a directory")) {
            try assertGolden(of: scenario, in: folder)
        }
    }
}
