#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// What `stat(2)` says about a path, reduced to what the commands decide on, in types that are
/// the same everywhere (Darwin's `mode_t` is 16 bits and its `dev_t` signed, Linux's 32 and
/// 64 bits unsigned).
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
    /// The device a character or block device node stands for; nil for other kinds.
    public var device: DeviceNumber?

    /// The status of `path`; `followingLinks` false looks at a symbolic link itself (`lstat`).
    /// Throws the `errno` of the failed call.
    public static func of(_ path: String, followingLinks: Bool = true) throws(SystemError) -> FileStatus {
        var info = stat()
        let result = followingLinks ? stat(path, &info) : lstat(path, &info)
        guard result == 0 else { throw .current }
        return FileStatus(info)
    }

    /// The status of an open descriptor.
    public static func of(descriptor: Int32) throws(SystemError) -> FileStatus {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .current }
        return FileStatus(info)
    }

    init(_ info: stat) {
        // Widened first, and the S_IF… constants with it, whatever type each system gives them.
        let mode = UInt32(info.st_mode)
        kind = switch mode & UInt32(S_IFMT) {
        case UInt32(S_IFDIR): .directory
        case UInt32(S_IFLNK): .symbolicLink
        case UInt32(S_IFCHR): .characterDevice
        case UInt32(S_IFBLK): .blockDevice
        case UInt32(S_IFIFO): .fifo
        case UInt32(S_IFSOCK): .socket
        default: .regular
        }
        permissions = mode & 0o7777
        owner = UInt32(info.st_uid)
        group = UInt32(info.st_gid)
        identity = .existing(device: DeviceNumber.bits(info.st_dev), inode: UInt64(info.st_ino))
        device = kind == .characterDevice || kind == .blockDevice ? DeviceNumber(encoded: DeviceNumber.bits(info.st_rdev)) : nil
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
