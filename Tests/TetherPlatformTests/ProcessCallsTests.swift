import Foundation
import Testing
import TetherPlatform
import TetherTestSupport

/// Signals, sockets and the byte routines of the platform layer.
@Suite struct ProcessCallsTests {
    @Test func anIgnoredSignalIsSeenAsIgnored() {
        Signals.ignore(Signals.brokenPipe)  // what tether does first thing; tests write to closed pipes too
        #expect(Signals.isIgnored(Signals.brokenPipe))
        #expect(!Signals.isIgnored(Signals.terminate), "the test runner leaves SIGTERM to its default")
        #expect(Set([Signals.hangUp, Signals.interrupt, Signals.terminate, Signals.brokenPipe]).count == 4)
    }

    @Test func aUnixSocketCarriesBytesFromTheConnectedEndToTheAcceptedOne() throws {
        let folder = "/tmp/tp-" + UUID().uuidString.prefix(8)  // sockaddr_un holds about 100 bytes
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/s"
        let listener = try UnixSocket.listen(at: path)
        defer { try? FileDescriptor.close(listener) }
        #expect(try FileStatus.of(path).kind == .socket)
        let sender = try UnixSocket.connect(to: path)
        let receiver = try UnixSocket.accept(on: listener)
        let bytes = Array("through the socket\n".utf8)
        #expect(try bytes.withUnsafeBytes { try FileDescriptor.write(sender, $0) } == bytes.count)
        try FileDescriptor.close(sender)
        let received = FileHandle(fileDescriptor: receiver, closeOnDealloc: true).readDataToEndOfFile()
        #expect(Array(received) == bytes)
    }

    @Test func aSocketPathThatDoesNotFitOrLeadsNowhereIsRefused() {
        let long = "/tmp/" + String(repeating: "x", count: 200)
        #expect {
            try UnixSocket.connect(to: long)
        } throws: { error in
            guard case .pathTooLong(let limit) = error as? UnixSocket.Failure else { return false }
            return (90...110).contains(limit)  // 107 on Linux, 103 on Darwin
        }
        #expect(throws: UnixSocket.Failure.system(.noSuchFile)) { try UnixSocket.connect(to: "/tmp/tether-no-such-socket-\(UUID().uuidString.prefix(8))") }
    }

    @Test func byteSearchAndComparisonAgreeWithPlainLoops() {
        var random = SplitMix64(seed: 42)
        for _ in 0..<500 {
            let bytes = (0..<random.below(200)).map { _ in UInt8(random.below(4)) }  // few values: many matches
            let other = random.below(2) == 0 ? bytes : bytes.map { random.below(50) == 0 ? $0 ^ 1 : $0 }
            bytes.withUnsafeBytes { a in
                other.withUnsafeBytes { b in
                    let start = bytes.isEmpty ? 0 : random.below(bytes.count)
                    let count = bytes.count - start
                    let found = count == 0 ? nil : RawBytes.firstOffset(of: 2, in: a.baseAddress! + start, count: count)
                    #expect(found == bytes[start...].firstIndex(of: 2).map { $0 - start })
                    if count > 0 {
                        let same = RawBytes.equal(a.baseAddress! + start, b.baseAddress! + start, count: count)
                        #expect(same == (bytes[start...] == other[start...]))
                    }
                }
            }
        }
    }

    @Test func theProcessKnowsItself() {
        #expect(CurrentProcess.id == ProcessInfo.processInfo.processIdentifier)
        #expect(FileDescriptor.isTerminal(-1) == false)
        Scheduling.yield()
    }
}
