/// Where a value sits in a JSON document, for error messages and for setting values by path
/// (the command line's `--set` overrides).
///
/// Printed the way people write it: `dynamics.spring.damping`, `events[3].by.x`; the
/// document itself is `$`. Keys that are not identifiers print as `items["my key"]` so the
/// text parses back to the same path. A key is printed as messages quote values
/// (`MessageText`): escaped, and cut past 80 characters (such a path no longer parses back).
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step: a key into an object or an index into an array.
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    public private(set) var components: [Component]

    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The whole document.
    public static let root = JSONPath()

    public var isRoot: Bool { components.isEmpty }

    public func appending(_ key: String) -> JSONPath {
        appending(.key(key))
    }

    public func appending(_ index: Int) -> JSONPath {
        appending(.index(index))
    }

    public func appending(_ component: Component) -> JSONPath {
        var path = self
        path.components.append(component)
        return path
    }

    /// The path one step up, or nil at the root.
    public var parent: JSONPath? {
        isRoot ? nil : JSONPath(Array(components.dropLast()))
    }

    public var description: String {
        guard !components.isEmpty else { return "$" }
        var text = ""
        for component in components {
            switch component {
            case .key(let key) where key.utf8.count <= MessageText.valueLimit && JSONPath.isIdentifier(key):
                if !text.isEmpty { text += "." }
                text += key
            case .key(let key):
                text += "[" + MessageText.quoted(key) + "]"
            case .index(let index):
                if text.isEmpty { text = "$" }
                text += "[\(index)]"
            }
        }
        return text
    }

    /// `[A-Za-z_][A-Za-z0-9_]*`: the keys that print bare.
    static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return key.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || isDigit($0) }
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
