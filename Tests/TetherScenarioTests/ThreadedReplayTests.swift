import Foundation
import Testing
import TetherPhysics
@testable import TetherScenario

/// Splitting the steps across threads changes nothing: every bundled scenario gives the same
/// bytes (every element of every frame, and the contact callbacks) on 1, 2 and 3 threads. The
/// split floors are lowered to one body and one contact row per chunk so that even the small
/// scenes are split, the piles' narrow phase and every color of their contact rows included
/// (with the default floors they would stay on one thread); `ThreadsEndToEndTests` runs the CLI's
/// `--threads` on scenes large enough for the default.
@Suite struct ThreadedReplayTests {
    static let scenarioNames: [String] = {
        let folder = CustomLayoutFixtures.packageRoot.appendingPathComponent("scenarios").path
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }()

    /// Every element of every frame as CSV, then the contact callbacks as JSON Lines.
    static func output(_ scenario: Scenario, workers: StepWorkers) throws -> [UInt8] {
        var scenario = scenario
        scenario.workers = workers
        let frames = OutputSink.inMemory()
        let contacts = OutputSink.inMemory()
        var writer = makeFrameWriter(.csv, sink: frames)
        _ = try ReplayRunner.run(scenario, items: .all, every: 1, writer: &writer, contacts: contacts)
        try frames.flush()
        try contacts.flush()
        return frames.collectedBytes + contacts.collectedBytes
    }

    @Test func theBundledScenariosAreFound() {
        #expect(Self.scenarioNames.count >= 20)
        #expect(Self.scenarioNames.contains("pile-50"))
    }

    @Test(arguments: scenarioNames)
    func everyThreadCountGivesTheSameBytes(_ name: String) throws {
        let scenario = try CustomLayoutFixtures.bundled(name)
        let one = try Self.output(scenario, workers: .serial)
        #expect(!one.isEmpty)
        for threads in [2, 3] {
            let split = try Self.output(scenario, workers: StepWorkers(threads: threads, minimumChunk: 1, minimumRowChunk: 1, helpers: .always))
            #expect(split == one, "\(name) on \(threads) threads")
        }
    }

    @Test func chunksCoverTheItemsInOrderWithSizesDifferingByAtMostOne() {
        for count in [0, 1, 2, 5, 64, 1000, 10_001] {
            for chunks in 1...5 {
                let ranges = (0..<chunks).map { StepWorkers.range(ofChunk: $0, of: chunks, count: count) }
                #expect(ranges.first?.lowerBound == 0)
                #expect(ranges.last?.upperBound == count)
                for k in 1..<chunks { #expect(ranges[k].lowerBound == ranges[k - 1].upperBound) }
                let sizes = ranges.map(\.count)
                #expect(sizes.max()! - sizes.min()! <= 1)
            }
        }
    }

    @Test func smallWorkStaysInOneChunk() {
        let workers = StepWorkers(threads: 4)
        #expect(workers.chunkCount(2 * StepWorkers.defaultMinimumChunk - 1) == 1)
        #expect(workers.chunkCount(2 * StepWorkers.defaultMinimumChunk) == 2)
        #expect(workers.chunkCount(100 * StepWorkers.defaultMinimumChunk) == 4)
        #expect(StepWorkers.serial.chunkCount(1_000_000) == 1)
    }

    @Test func reducedChunksCombineInChunkOrder() {
        let workers = StepWorkers(threads: 3, minimumChunk: 1)
        // Concatenation is not commutative: any other order of the chunks would show.
        let joined = workers.reduceChunks(count: 10) { range in range.map(String.init).joined() } combine: { $0 + $1 }
        #expect(joined == "0123456789")
        var seen = [Int](repeating: 0, count: 1000)
        seen.withUnsafeMutableBufferPointer { seen in
            workers.forEachChunk(count: 1000) { range in
                for i in range { seen[i] += 1 }
            }
        }
        #expect(seen.allSatisfy { $0 == 1 })
    }
}
