@preconcurrency import Glibc

/// What `stat(2)` says about a path, reduced to what the commands decide on.
public struct FileStatus: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case regular, directory, symbolicLink, characterDevice, blockDevice, fifo, socket
    }

    public var kind: Kind
    /// Permission bits (`st_mode & 0o7777`).
    public var permissions: UInt32
    public var owner: UInt32
    public var group: UInt32
    public var identity: FileIdentity

    /// The status of `path`; `followingLinks` false looks at a symbolic link itself (`lstat`).
    /// Throws the `errno` of the failed call.
    public static func of(_ path: String, followingLinks: Bool = true) throws(SystemError) -> FileStatus {
        var info = stat()
        let result = followingLinks ? stat(path, &info) : lstat(path, &info)
        guard result == 0 else { throw SystemError(code: errno) }
        return FileStatus(info)
    }

    /// The status of an open descriptor.
    public static func of(descriptor: Int32) throws(SystemError) -> FileStatus {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw SystemError(code: errno) }
        return FileStatus(info)
    }

    init(_ info: stat) {
        let type = info.st_mode & S_IFMT
        kind = switch type {
        case S_IFDIR: .directory
        case S_IFLNK: .symbolicLink
        case S_IFCHR: .characterDevice
        case S_IFBLK: .blockDevice
        case S_IFIFO: .fifo
        case S_IFSOCK: .socket
        default: .regular
        }
        permissions = info.st_mode & 0o7777
        owner = info.st_uid
        group = info.st_gid
        identity = .existing(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}

/// A file as the kernel knows it, so that two names for one file compare equal (`x`, `./x`, a
/// symbolic or hard link to it). A name that does not exist yet is its folder and the name in it.
public enum FileIdentity: Sendable, Hashable {
    case existing(device: UInt64, inode: UInt64)
    case new(folderDevice: UInt64, folderInode: UInt64, name: String)

    /// The identity of an existing path (links followed), or nil when it cannot be examined.
    public static func of(_ path: String) -> FileIdentity? {
        try? FileStatus.of(path).identity
    }
}

/// A failed system call's `errno`, with the system's text for it.
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    public var code: Int32

    public init(code: Int32) {
        self.code = code
    }

    /// `strerror` text, e.g. "No such file or directory".
    public var description: String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}

/// Splitting paths the way `dirname(1)` and `basename(1)` do, without touching the disk.
enum PathName {
    /// "dir/name" → "dir"; "name" → "."; "/name" → "/".
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// "dir/name" → "name".
    static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `target` read from a link at `link`: absolute as it is, relative to the link's folder.
    static func resolve(_ target: String, fromLinkAt link: String) -> String {
        if target.hasPrefix("/") { return target }
        let folder = folder(of: link)
        return folder == "/" ? "/" + target : folder + "/" + target
    }
}
