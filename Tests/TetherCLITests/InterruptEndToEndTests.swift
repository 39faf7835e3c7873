import Foundation
import Testing
import TetherPlatform

/// SIGINT, SIGTERM and SIGHUP during a long run: the temporary file goes, the file it was going
/// to replace stays as it was, the exit status is the shell's 128 + signal, and nothing is printed.
@Suite struct InterruptEndToEndTests {
    @Test(arguments: [(Signals.interrupt, 130), (Signals.terminate, 143), (Signals.hangUp, 129)] as [(Int32, Int32)])
    func aSignalLeavesNoTemporaryFileAndTheOldOutputIntact(signal: Int32, status: Int32) throws {
        let folder = try TetherProcess.temporaryDirectory()
        let output = folder.appendingPathComponent("out.csv")
        try Data("previous run\n".utf8).write(to: output)
        // 10 000 cells for 600 frames: hundreds of megabytes of CSV, far longer than the wait below.
        let scenario = TetherProcess.packageRoot.appendingPathComponent("scenarios/bench/ash-10k.json").path
        let (process, stdout, stderr) = try TetherProcess.start(["run", scenario, "--items", "all", "-o", output.path])
        // Interrupt once the temporary file is being written.
        let deadline = Date().addingTimeInterval(120)
        var temporary: String?
        while temporary == nil && process.isRunning && Date() < deadline {
            temporary = try FileManager.default.contentsOfDirectory(atPath: folder.path).first {
                $0.hasPrefix(".out.csv.tmp-") && ((try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent($0).path)[.size] as? Int) ?? 0) > 0
            }
            if temporary == nil { Thread.sleep(forTimeInterval: 0.02) }
        }
        #expect(temporary != nil, "the run wrote a temporary file")
        try Signals.send(signal, to: process.processIdentifier)
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        _ = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == status)
        #expect(errors.isEmpty, "quietly: \(String(decoding: errors, as: UTF8.self))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.csv"])
        #expect(try Data(contentsOf: output) == Data("previous run\n".utf8))
    }
}
