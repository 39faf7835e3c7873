import Foundation
import Testing
import TetherJSON
import TetherPlatform
@testable import TetherScenario

@Suite struct OutputSinkTests {
    @Test func commitWritesTheWholeFileAndLeavesNoTemporary() throws {
        let directory = makeScratchDirectory()
        defer { removeDirectory(directory) }
        let path = directory + "/golden.csv"
        try OutputFile.write(Array("old\n".utf8), to: OutputTarget.resolve(path))
        let output = try OutputFile(path: path)
        #expect(output.temporaryPath?.hasPrefix(directory + "/.golden.csv.tmp-\(CurrentProcess.id)-") == true)
        let big = [UInt8](repeating: UInt8(ascii: "x"), count: 300_000)
        try output.sink.write(big)
        try output.sink.write("end\n")
        #expect(String(decoding: FileManager.default.contents(atPath: path)!, as: UTF8.self) == "old\n")
        try output.commit()
        #expect(Array(FileManager.default.contents(atPath: path)!) == big + Array("end\n".utf8))
        #expect(directoryEntries(directory) == ["golden.csv"])
    }

    @Test func abandonLeavesNothingBehind() throws {
        let directory = makeScratchDirectory()
        defer { removeDirectory(directory) }
        let output = try OutputFile(path: directory + "/out.json")
        try output.sink.write(Array(repeating: 65, count: 200_000))
        #expect(directoryEntries(directory).count == 1)  // the temporary
        output.abandon()
        #expect(directoryEntries(directory).isEmpty)
    }

    @Test func abandonKeepsTheOldFile() throws {
        let directory = makeScratchDirectory()
        defer { removeDirectory(directory) }
        let path = directory + "/out.csv"
        try OutputFile.write(Array("keep\n".utf8), to: OutputTarget.resolve(path))
        do {
            let output = try OutputFile(path: path)
            try output.sink.write("half-writ")
            try output.sink.flush()
            // dropped without commit: deinit abandons
        }
        #expect(directoryEntries(directory) == ["out.csv"])
        #expect(String(decoding: FileManager.default.contents(atPath: path)!, as: UTF8.self) == "keep\n")
    }

    @Test func temporaryNamesNeverCollide() throws {
        let directory = makeScratchDirectory()
        defer { removeDirectory(directory) }
        let first = try OutputFile(path: directory + "/same")
        let second = try OutputFile(path: directory + "/same")
        #expect(first.temporaryPath != second.temporaryPath)
        first.abandon()
        second.abandon()
        #expect(directoryEntries(directory).isEmpty)
    }

    @Test func missingDirectoryNamesThePathAndReason() {
        let path = "/nonexistent-tether-dir/out.csv"
        let reason = "is in a folder that does not exist (/nonexistent-tether-dir); tether does not create folders"
        #expect(throws: OutputError.writeFailed(path: path, reason: reason)) {
            try OutputFile(path: path)
        }
    }

    @Test func closedPipeIsBrokenPipe() throws {
        Signals.ignore(Signals.brokenPipe)
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let sink = OutputSink(fileDescriptor: pipe.fileHandleForWriting.fileDescriptor)
        try sink.write("hello\n")  // buffered: nothing written yet
        #expect(throws: OutputError.brokenPipe) { try sink.flush() }
    }

    @Test func pipeReceivesEverythingAcrossManyChunks() async throws {
        let pipe = Pipe()
        let reader = pipe.fileHandleForReading
        let sink = OutputSink(fileDescriptor: pipe.fileHandleForWriting.fileDescriptor)
        let expected = (0..<50_000).flatMap { Array("line \($0)\n".utf8) }
        let received = Task.detached { reader.readDataToEndOfFile() }
        for start in stride(from: 0, to: expected.count, by: 1000) {
            let chunk = Array(expected[start..<min(start + 1000, expected.count)])
            try sink.append { $0.append(contentsOf: chunk) }
        }
        try sink.flush()
        try pipe.fileHandleForWriting.close()
        #expect(Array(await received.value) == expected)
    }

    @Test(.enabled(if: PipeBuffer.isAdjustable, "only Linux lets a process size a pipe's buffer"))
    func pipesGetALargerBuffer() throws {
        let pipe = Pipe()
        let reader = pipe.fileHandleForReading.fileDescriptor
        let writer = pipe.fileHandleForWriting.fileDescriptor
        #expect(try #require(PipeBuffer.capacity(of: reader)) < OutputSink.pipeBufferSize)
        OutputSink(fileDescriptor: writer).enlargePipeBuffer()
        #expect(PipeBuffer.capacity(of: reader) == OutputSink.pipeBufferSize)
        // A pipe that is already larger (root may go past the 1 MiB ceiling) is left as it is.
        if PipeBuffer.requestCapacity(4 * OutputSink.pipeBufferSize, for: writer) == 4 * OutputSink.pipeBufferSize {
            OutputSink(fileDescriptor: writer).enlargePipeBuffer()
            #expect(PipeBuffer.capacity(of: reader) == 4 * OutputSink.pipeBufferSize)
        }
    }

    @Test func aFIFOOutputGetsTheLargerBufferAndOtherFilesAreUntouched() throws {
        let directory = makeScratchDirectory()
        defer { removeDirectory(directory) }
        let fifo = directory + "/fifo"
        try FileSystem.makeFIFO(fifo, permissions: 0o600)
        let reader = try FileDescriptor.openForReading(fifo, nonBlocking: true)
        defer { try? FileDescriptor.close(reader) }
        let output = try OutputFile(path: fifo)
        if PipeBuffer.isAdjustable {  // elsewhere the system sizes pipes itself
            #expect(PipeBuffer.capacity(of: reader) == OutputSink.pipeBufferSize)
        }
        try output.sink.write("through the fifo\n")
        try output.commit()
        var bytes = [UInt8](repeating: 0, count: 64)
        #expect(try bytes.withUnsafeMutableBytes { try FileDescriptor.read(reader, into: $0) } == 17)
        // A regular file is not a pipe: nothing is asked of it, and it is written as before.
        let file = try OutputFile(path: directory + "/file")
        file.sink.enlargePipeBuffer()
        try file.sink.write("plain\n")
        try file.commit()
        #expect(FileManager.default.contents(atPath: directory + "/file") == Data("plain\n".utf8))
    }

    @Test func outputBufferGrowsAndMatchesArrayFormatting() {
        var raw = OutputBuffer(capacity: 16)
        var array: [UInt8] = []
        for value in [-1e300, 0.5, 123456.78949, -0.0004, Double.greatestFiniteMagnitude] {
            FixedDecimal.append(value, decimals: 3, into: &raw)
            FixedDecimal.append(value, decimals: 3, to: &array)
            raw.append(UInt8(ascii: ";"))
            array.append(UInt8(ascii: ";"))
        }
        JSONString.append(String(repeating: "ü\"", count: 40), to: &raw)
        JSONString.append(String(repeating: "ü\"", count: 40), to: &array)
        #expect(raw.count == array.count)
        #expect(raw.withBytes { Array($0) } == array)
    }
}
