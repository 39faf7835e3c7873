import Foundation
import Testing
import TetherPlatform

/// The file calls of the platform layer against what Foundation and the kernel say, so that each
/// system's branch is held to the same behaviour.
@Suite struct FileCallsTests {
    /// A fresh folder under the system's temporary folder.
    static func scratchFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tether-platform-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        return url.path
    }

    @Test func aFileCreatedExclusivelyIsWrittenReadAndSyncedOnce() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/data"
        let writer = try FileDescriptor.createExclusively(path)
        #expect(throws: SystemError.exists) { try FileDescriptor.createExclusively(path) }
        let bytes = Array("one line\n".utf8)
        #expect(try bytes.withUnsafeBytes { try FileDescriptor.write(writer, $0) } == bytes.count)
        try FileDescriptor.synchronize(writer)
        try FileDescriptor.close(writer)
        #expect(FileManager.default.contents(atPath: path) == Data(bytes))

        let reader = try FileDescriptor.openForReading(path)
        defer { try? FileDescriptor.close(reader) }
        var buffer = [UInt8](repeating: 0, count: 64)
        #expect(try buffer.withUnsafeMutableBytes { try FileDescriptor.read(reader, into: $0) } == bytes.count)
        #expect(Array(buffer[0..<bytes.count]) == bytes)
        #expect(try buffer.withUnsafeMutableBytes { try FileDescriptor.read(reader, into: $0) } == 0, "then the end")
        #expect(throws: SystemError.noSuchFile) { try FileDescriptor.openForReading(folder + "/none") }
    }

    @Test func eachKindOfFileIsTold() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        FileManager.default.createFile(atPath: folder + "/file", contents: Data("x".utf8))
        try FileSystem.makeFIFO(folder + "/fifo", permissions: 0o600)
        try FileSystem.makeSymbolicLink(folder + "/link", to: "file")
        #expect(try FileStatus.of(folder + "/file").kind == .regular)
        #expect(try FileStatus.of(folder).kind == .directory)
        #expect(try FileStatus.of(folder + "/fifo").kind == .fifo)
        #expect(try FileStatus.of(folder + "/fifo").permissions == 0o600)
        #expect(try FileStatus.of(folder + "/link", followingLinks: false).kind == .symbolicLink)
        #expect(try FileStatus.of(folder + "/link").kind == .regular, "followed")
        #expect(try FileSystem.readLink(folder + "/link") == "file")
        #expect(try FileStatus.of("/dev/null").kind == .characterDevice)
        #expect(try FileStatus.of(folder + "/file").device == nil, "only device nodes have numbers")
        #expect(throws: SystemError.noSuchFile) { try FileStatus.of(folder + "/none") }
        #expect(throws: SystemError.notADirectory) { try FileStatus.of(folder + "/file/inside") }
    }

    @Test func permissionsOwnersAndIdentitiesAreTheKernels() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/file"
        FileManager.default.createFile(atPath: path, contents: nil)
        try FileSystem.setPermissions(path, 0o640)
        let status = try FileStatus.of(path)
        #expect(status.permissions == 0o640)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o640)
        #expect((attributes[.ownerAccountID] as? Int).map(UInt32.init) == status.owner)
        #expect((attributes[.groupOwnerAccountID] as? Int).map(UInt32.init) == status.group)
        #expect(FileIdentity.of(folder + "/./file") == status.identity, "two names, one file")
        try FileManager.default.linkItem(atPath: path, toPath: folder + "/hard")
        #expect(FileIdentity.of(folder + "/hard") == status.identity)
        FileManager.default.createFile(atPath: folder + "/other", contents: nil)
        #expect(FileIdentity.of(folder + "/other") != status.identity)

        let descriptor = try FileDescriptor.openForWriting(path)
        try FileDescriptor.setPermissions(descriptor, 0o604)
        try FileDescriptor.setOwner(descriptor, owner: nil, group: status.group)  // no change: always allowed
        try FileDescriptor.close(descriptor)
        #expect(try FileStatus.of(path).permissions == 0o604)
        #expect(try FileStatus.of(path).owner == status.owner)
    }

    @Test func renameReplacesAtomicallyAndRemoveDeletes() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        FileManager.default.createFile(atPath: folder + "/new", contents: Data("new".utf8))
        FileManager.default.createFile(atPath: folder + "/old", contents: Data("old".utf8))
        try FileSystem.rename(folder + "/new", over: folder + "/old")
        #expect(FileManager.default.contents(atPath: folder + "/old") == Data("new".utf8))
        #expect(!FileManager.default.fileExists(atPath: folder + "/new"))
        try FileSystem.remove(folder + "/old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        #expect(throws: SystemError.noSuchFile) { try FileSystem.remove(folder + "/old") }
        try FileSystem.checkWritable(folder)
    }

    @Test func systemErrorsSayWhatTheSystemSays() {
        #expect(SystemError.noSuchFile.description == "No such file or directory")
        #expect(SystemError.isADirectory.description == "Is a directory")
        #expect(SystemError.brokenPipe.description == "Broken pipe")
        let codes = [SystemError.noSuchFile, .notADirectory, .isADirectory, .exists, .interrupted, .brokenPipe, .wouldBlock, .inputOutput]
        #expect(Set(codes.map(\.code)).count == codes.count, "all different")
    }
}
