import TetherPlatform

/// Where an output path leads, decided before anything is written, so that no output ever turns
/// what the path names into something else:
/// - `-` is standard output;
/// - a regular file, or a new name in an existing folder, is written to a temporary file beside
///   it and renamed over it on success (`OutputFile`), keeping an existing file's permissions;
/// - a symbolic link is followed and its final target treated the same way (the link stays);
/// - a character device, FIFO or socket is opened and written as it is, never replaced;
/// - a directory, a block device, a missing folder (none is created) and a file the user may not
///   write are refused.
public struct OutputTarget: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case standardOutput
        /// Replaced through a temporary file; `existing` is the file being replaced, if any.
        case file(existing: FileStatus?)
        /// Written in place: a character device, a FIFO or a socket.
        case stream(FileStatus.Kind)
    }

    /// The path as the user gave it (what messages name).
    public var name: String
    /// The path written: for a file, the end of its chain of links.
    public var path: String
    public var kind: Kind
    /// What the path is to the kernel, to compare outputs with inputs; nil for standard output.
    public var identity: FileIdentity?

    public static let standardOutput = OutputTarget(name: "-", path: "-", kind: .standardOutput, identity: nil)

    /// Links followed before giving up, as the kernel's own limit.
    static let maxLinks = 40

    /// Examines `name` (following links) and says how it will be written, or why it cannot be.
    public static func resolve(_ name: String) throws(OutputError) -> OutputTarget {
        if name == "-" { return .standardOutput }
        if name.isEmpty { throw .writeFailed(path: name, reason: "an empty file name") }
        if name.hasSuffix("/") { throw .writeFailed(path: name, reason: "names a folder, not a file") }
        var path = name
        /// "is a directory", or "links to PATH, which is a directory" once links were followed.
        func refuse(_ reason: String) -> OutputError {
            .writeFailed(path: name, reason: path == name ? reason : "links to \(path), which \(reason)")
        }
        for _ in 0...maxLinks {
            let status: FileStatus
            do {
                status = try FileStatus.of(path, followingLinks: false)
            } catch where error == .noSuchFile {
                return try newFile(path, name: name, refuse: refuse)
            } catch {
                throw refuse("cannot be examined: \(error)")
            }
            switch status.kind {
            case .regular:
                if let reason = refusal(toReplace: path, status) { throw refuse(reason) }
                return OutputTarget(name: name, path: path, kind: .file(existing: status), identity: status.identity)
            case .characterDevice, .fifo, .socket:
                return OutputTarget(name: name, path: path, kind: .stream(status.kind), identity: status.identity)
            case .directory:
                throw refuse("is a directory")
            case .blockDevice:
                throw refuse("is a block device (tether writes files, pipes and character devices, never disks)")
            case .symbolicLink:
                // Some links the kernel follows have no path as their text (on Linux /dev/stdout
                // leads to the process's descriptor 1, a link whose text is "pipe:[…]"): ask the
                // kernel what the whole chain ends at.
                if let end = try? FileStatus.of(path), [.characterDevice, .fifo, .socket].contains(end.kind) {
                    return OutputTarget(name: name, path: path, kind: .stream(end.kind), identity: end.identity)
                }
                do {
                    path = PathName.resolve(try FileSystem.readLink(path), fromLinkAt: path)
                } catch {
                    throw refuse("is a link that cannot be read: \(error)")
                }
            }
        }
        throw .writeFailed(path: name, reason: "too many levels of symbolic links")
    }

    /// A name that does not exist yet: its folder must.
    private static func newFile(_ path: String, name: String, refuse: (String) -> OutputError) throws(OutputError) -> OutputTarget {
        let folder = PathName.folder(of: path)
        let status: FileStatus
        do {
            status = try FileStatus.of(folder)
        } catch where error == .noSuchFile || error == .notADirectory {
            throw refuse("is in a folder that does not exist (\(folder)); tether does not create folders")
        } catch {
            throw refuse("is in a folder that cannot be examined (\(folder)): \(error)")
        }
        guard status.kind == .directory, case .existing(let device, let inode) = status.identity else {
            throw refuse("is in \(folder), which is not a folder")
        }
        return OutputTarget(
            name: name, path: path, kind: .file(existing: nil),
            identity: .new(folderDevice: device, folderInode: inode, name: PathName.name(of: path)))
    }

    /// Why an existing regular file may not be replaced, or nil. As `cp` does for an ordinary
    /// user, a file the user may not write is refused (the kernel decides, ACLs included). Root,
    /// whom the kernel lets write anything, is held to the file's mode instead: a file with no
    /// write permission for anyone (0444, 0400…) was made read-only on purpose and is refused too.
    static func refusal(toReplace path: String, _ status: FileStatus) -> String? {
        if CurrentProcess.isRoot {
            guard status.permissions & 0o222 == 0 else { return nil }
            return "is read-only (mode \(octal(status.permissions))); make it writable (chmod u+w) to replace it"
        }
        do {
            try FileSystem.checkWritable(path)
            return nil
        } catch {
            return "is not writable by you (\(error)); tether does not replace files you may not write"
        }
    }

    static func octal(_ permissions: UInt32) -> String {
        let digits = String(permissions, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
