import Foundation
@preconcurrency import Glibc
import Testing
import TetherLayout
import TetherPhysics
@testable import TetherScenario

/// Throughput report, not an assertion (timings on shared machines are noise). For real
/// numbers: `swift test -c release --filter OutputSpeedTests`.
@Suite struct OutputSpeedTests {
    #if DEBUG
    static let rowCount = 50_000
    #else
    static let rowCount = 1_000_000
    #endif
    static let rowsPerFrame = 100

    /// 100 distinct frames of 100 rows, replayed with advancing frame numbers.
    static func templates() -> [FrameRecord] {
        var state: UInt64 = 7
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        return (0..<100).map { f in
            FrameRecord(index: f, time: Double(f) / 60, contentOffset: Vec2(0, next() * 5000), rows: (0..<rowsPerFrame).map { i in
                ElementRow(section: i / 50, item: i % 50, kind: .cell,
                           center: Vec2(next() * 400, next() * 20_000), size: Size(width: 320, height: 44 + next()),
                           angle: next() - 0.5, alpha: next(), zIndex: i)
            })
        }
    }

    func measure(_ format: OutputFormat) throws -> (bytes: Int, seconds: Double) {
        let templates = Self.templates()
        let fd = open("/dev/null", O_WRONLY)
        defer { close(fd) }
        let sink = OutputSink(fileDescriptor: fd)
        var writer = makeFrameWriter(format, sink: sink)
        let start = ContinuousClock.now
        try writer.begin(OutputHeader(scenario: "speed", hz: 60))
        for f in 0..<(Self.rowCount / Self.rowsPerFrame) {
            var frame = templates[f % templates.count]
            frame.index = f
            frame.time = Double(f) / 60
            try writer.write(frame)
        }
        try writer.finish()
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return (sink.bytesWritten, seconds)
    }

    @Test(arguments: [OutputFormat.csv, .json, .jsonl])
    func formattingThroughput(format: OutputFormat) throws {
        let (bytes, seconds) = try measure(format)
        let rate = Double(bytes) / seconds / 1e6
        print("[speed] \(format.rawValue): \(Self.rowCount) rows, \(bytes / 1_000_000) MB in \(shortNumber(seconds)) s = \(Int(rate)) MB/s, \(shortNumber((Double(Self.rowCount) / seconds / 1e5).rounded() / 10)) M rows/s")
        #expect(bytes > 0)
    }

    @Test func goldenComparisonThroughput() throws {
        let template = Self.templates()[0]
        let csv = try render(.csv, header: OutputHeader(scenario: "speed", hz: 60), frames: (0..<(Self.rowCount / Self.rowsPerFrame)).map {
            var frame = template
            frame.index = $0
            return frame
        })
        var changed = csv
        // The last row ends "…,0.123,99\n": change alpha's last decimal.
        changed[changed.count - 5] = changed[changed.count - 5] == UInt8(ascii: "9") ? UInt8(ascii: "8") : UInt8(ascii: "9")
        for tolerance in [0, 0.01] {
            let start = ContinuousClock.now
            let c = GoldenComparison.compare(expected: csv, actual: changed, tolerance: tolerance)
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            print("[speed] golden compare (tolerance \(tolerance)): \(csv.count / 1_000_000) MB in \(shortNumber(seconds)) s = \(Int(Double(csv.count) / seconds / 1e6)) MB/s")
            #expect(c.differingRows == (tolerance == 0 ? 1 : 0))
        }
    }
}

