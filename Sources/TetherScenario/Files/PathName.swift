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
