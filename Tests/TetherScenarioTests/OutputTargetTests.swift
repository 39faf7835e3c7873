import Foundation
import Testing
import TetherPlatform
@testable import TetherScenario

/// How output paths resolve, how temporary files are tracked, and how inputs are read.
@Suite struct OutputTargetTests {
    @Test func eachKindOfPathResolvesToItsWayOfWriting() throws {
        let directory = makeScratchDirectory()
        defer { removeDirectory(directory) }
        #expect(try OutputTarget.resolve("-") == .standardOutput)

        let new = try OutputTarget.resolve(directory + "/new.csv")
        #expect(new.kind == .file(existing: nil))
        let folder = try FileStatus.of(directory)
        guard case .existing(let device, let inode) = folder.identity else { Issue.record("no identity"); return }
        #expect(new.identity == .new(folderDevice: device, folderInode: inode, name: "new.csv"))

        try OutputFile.write(Array("x".utf8), to: new)
        let existing = try OutputTarget.resolve(directory + "/new.csv")
        guard case .file(let status?) = existing.kind else { Issue.record("\(existing.kind)"); return }
        #expect(status.kind == .regular)
        #expect(existing.identity == FileIdentity.of(directory + "/./new.csv"))

        try FileSystem.makeFIFO(directory + "/fifo", permissions: 0o600)
        #expect(try OutputTarget.resolve(directory + "/fifo").kind == .stream(.fifo))

        try FileSystem.makeSymbolicLink(directory + "/loop-a", to: "loop-b")
        try FileSystem.makeSymbolicLink(directory + "/loop-b", to: "loop-a")
        #expect(throws: OutputError.writeFailed(path: directory + "/loop-a", reason: "too many levels of symbolic links")) {
            try OutputTarget.resolve(directory + "/loop-a")
        }
        #expect(throws: OutputError.writeFailed(path: directory, reason: "is a directory")) {
            try OutputTarget.resolve(directory)
        }
    }

    /// The temporary file is in the table while it is written and gone after a commit or an
    /// abandon; the new file has the old one's permissions.
    @Test func temporaryFilesAreTrackedUntilRenamedOrRemoved() throws {
        let directory = makeScratchDirectory()
        defer { removeDirectory(directory) }
        let path = directory + "/out.csv"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("old".utf8), attributes: [.posixPermissions: 0o640]))
        let output = try OutputFile(path: path)
        let temporary = try #require(output.temporaryPath)
        #expect(TemporaryFiles.process.pending.contains(temporary))
        try output.sink.write("new\n")
        try output.commit()
        #expect(!TemporaryFiles.process.pending.contains(temporary))
        #expect(directoryEntries(directory) == ["out.csv"])
        #expect(try FileStatus.of(path).permissions == 0o640)
        #expect(String(decoding: try InputFile.read(path), as: UTF8.self) == "new\n")

        let dropped = try OutputFile(path: path)
        let second = try #require(dropped.temporaryPath)
        #expect(TemporaryFiles.process.pending.contains(second))
        dropped.abandon()
        #expect(!TemporaryFiles.process.pending.contains(second))
        #expect(directoryEntries(directory) == ["out.csv"])
    }

    @Test func inputFilesSayWhatIsWrong() throws {
        let directory = makeScratchDirectory()
        defer { removeDirectory(directory) }
        #expect(throws: InputFileError(path: directory + "/none", problem: .missing)) { try InputFile.read(directory + "/none") }
        #expect(throws: InputFileError(path: directory, problem: .directory)) { try InputFile.read(directory) }
        let path = directory + "/ten"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(repeating: 7, count: 10)))
        #expect(try InputFile.read(path, limit: 10).count == 10, "the limit itself is allowed")
        #expect(throws: InputFileError(path: path, problem: .tooLarge(limit: 9))) { try InputFile.read(path, limit: 9) }
    }
}
