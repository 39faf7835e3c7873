import Foundation
import Testing
@testable import Tether
import TetherJSON
import TetherScenario

/// The library's errors carry the command line's one-line messages.
@Suite struct LibraryErrorTests {
    /// What `tether validate FILE` prints after "tether: error: ", for a file the library refuses.
    func cliMessage(_ path: String) throws -> String {
        let run = try TetherBinary.run(["validate", path])
        #expect(run.status != 0)
        let prefix = "tether: error: "
        let line = try #require(run.stderr.split(separator: "\n").first { $0.hasPrefix(prefix) })
        return String(line.dropFirst(prefix.count))
    }

    /// Every file of scenarios/invalid/ fails to load with the message `tether validate` prints.
    @Test(arguments: try FileManager.default.contentsOfDirectory(atPath: TetherBinary.url("scenarios/invalid").path).sorted())
    func invalidFilesSayWhatTheCommandSays(file: String) throws {
        let path = "scenarios/invalid/\(file)"
        let error = try #require(throws: TetherError.self) {
            try Scenario(path: TetherBinary.url(path).path)
        }
        let message = try cliMessage(path)
        #expect(error.description == TetherBinary.url(path).path + message.dropFirst(path.count))
        #expect(error.kind == .invalidScenario)
    }

    @Test func missingFileIsUnreadableInput() throws {
        let error = try #require(throws: TetherError.self) { try Scenario(path: "no/such/scenario.json") }
        #expect(error == TetherError(.unreadableInput, "no/such/scenario.json: no such file"))
        #expect(error.localizedDescription == "no/such/scenario.json: no such file")
    }

    /// A JSON string is read as a file is; its label stands for the file name.
    @Test func jsonTextIsReadAsAFileIs() throws {
        let path = "scenarios/circle-layout.json"
        let text = try String(contentsOf: TetherBinary.url(path), encoding: .utf8)
        let fromText = try Scenario(json: text, label: "circle.json")
        #expect(try fromText.replay().output(.csv) == Scenario(contentsOf: TetherBinary.url(path)).replay().output(.csv))
        let broken = text.replacingOccurrences(of: "\"frames\": 200", with: "\"frames\": 200,,")
        let error = try #require(throws: TetherError.self) { try Scenario(json: broken, label: "circle.json") }
        #expect(error.kind == .invalidScenario)
        #expect(error.description.hasPrefix("circle.json: line 6, column "))
    }

    @Test func overridesApplyBeforeValidation() throws {
        let url = TetherBinary.url("scenarios/circle-layout.json")
        let shorter = try Scenario(contentsOf: url, overrides: ["frames=120"])
        #expect(shorter.frames == 120)
        #expect(try shorter.replay().frames().count == 121)
        let error = try #require(throws: TetherError.self) { try Scenario(contentsOf: url, overrides: ["frames=0"]) }
        #expect(error.description.hasPrefix("\(url.path): frames: "))
        #expect(throws: TetherError.self) { try Scenario(contentsOf: url, overrides: ["frames"]) }
    }

    /// An event that cannot apply is refused with the frame and the reason, as `tether run` says
    /// it (the decoder plays the data source's updates through, so this one is found on loading).
    @Test func eventErrorsAreWordedAsTheCommandWordsThem() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("full.json")
        try Data(#"""
            {"name": "full", "frames": 60, "viewport": {"width": 320, "height": 568},
             "layout": {"type": "flow", "sections": [0]},
             "dynamics": {"type": "gravity", "maxItems": 2},
             "events": [{"frame": 1, "type": "insert", "items": [{"section": 0, "item": 0}, {"section": 0, "item": 1}, {"section": 0, "item": 2}]}]}
            """#.utf8).write(to: file)
        let run = try TetherBinary.run(["run", file.path, "--format", "none"])
        let error = try #require(throws: TetherError.self) {
            var replay = try Scenario(contentsOf: file).replay()
            while try replay.next() != nil {}
        }
        #expect("tether: error: \(error.description)\n" == run.stderr)
        #expect(run.status != 0)
        #expect(throws: TetherError.self) { try Scenario(contentsOf: file).replay(every: 0) }
    }

    /// The errors a replay can stop with (which the decoder's checks leave for the simulation to
    /// find) carry the file, the place, the frame and the reason.
    @Test func replayErrorsNameTheFileAndFrame() throws {
        let event = TetherError(
            ReplayError.eventFailed(path: JSONPath.root.appending("events").appending(2), frame: 7, reason: "no finger is down"),
            source: "scenarios/x.json")
        #expect(event == TetherError(.eventFailed, "scenarios/x.json: events[2]: at frame 7: no finger is down"))
        let blowUp = TetherError(ReplayError.simulationFailed(frame: 9, reason: "body 3 has a non-finite position or velocity"), source: "x")
        #expect(blowUp == TetherError(.simulationFailed, "x: simulation failed at frame 9: body 3 has a non-finite position or velocity"))
    }
}
