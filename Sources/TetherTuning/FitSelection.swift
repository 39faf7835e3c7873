import TetherLayout
import TetherScenario

/// An element as the `run` CSV names it: kind and index path.
public struct FitElementKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var kind: RowKind
    public var section: Int
    public var item: Int

    public init(kind: RowKind, section: Int, item: Int) {
        self.kind = kind
        self.section = section
        self.item = item
    }

    public init(_ key: ElementKey) {
        self.init(kind: RowKind(key.kind), section: key.section, item: key.item)
    }

    /// The layout's key; nil for rows that are not collection-view elements (viewport, world items).
    public var elementKey: ElementKey? {
        guard let kind = ElementKind(rawValue: kind.rawValue) else { return nil }
        return ElementKey(section: section, kind: kind, item: item)
    }

    /// The CSV's row order within a frame: section, then kind, then item.
    public static func < (a: FitElementKey, b: FitElementKey) -> Bool {
        if a.section != b.section { return a.section < b.section }
        if a.kind != b.kind { return a.kind.rank < b.kind.rank }
        return a.item < b.item
    }

    /// "cell 0.3", as `tether plot` names elements.
    public var description: String { "\(kind.rawValue) \(section).\(item)" }
}

/// Which elements a fit compares: `--kind` and `--element SECTION,ITEM`. Empty lists mean
/// every kind but the viewport (which is not an element) and every index path.
public struct FitSelection: Sendable, Hashable {
    public var kinds: [RowKind]
    public var paths: [Path]

    public struct Path: Sendable, Hashable {
        public var section: Int
        public var item: Int

        public init(section: Int, item: Int) {
            self.section = section
            self.item = item
        }

        /// "SECTION,ITEM", e.g. "0,3".
        public init(parsing text: String) throws(SweepSpecError) {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Int(String($0).trimmingSpaces) }
            guard parts.count == 2, let section = parts[0], let item = parts[1], section >= 0, item >= 0 else {
                throw SweepSpecError("expected SECTION,ITEM (two whole numbers ≥ 0), e.g. 0,3")
            }
            self.init(section: section, item: item)
        }
    }

    public init(kinds: [RowKind] = [], paths: [Path] = []) {
        self.kinds = kinds
        self.paths = paths
    }

    /// Every element (but the viewport).
    public static let all = FitSelection()

    /// A kind name of the CSV ("cell", "header", "footer", "decoration", "item").
    public static func kind(named name: String) throws(SweepSpecError) -> RowKind {
        guard let kind = RowKind(rawValue: name.trimmingSpaces), kind != .viewport else {
            throw SweepSpecError("unknown kind \"\(name)\" (known: header, cell, footer, decoration, item)")
        }
        return kind
    }

    public func contains(_ key: FitElementKey) -> Bool {
        guard key.kind != .viewport else { return false }
        if !kinds.isEmpty && !kinds.contains(key.kind) { return false }
        if !paths.isEmpty && !paths.contains(Path(section: key.section, item: key.item)) { return false }
        return true
    }

    /// "--kind cell --element 0,3", for messages; "" when everything is selected.
    public var describe: String {
        var parts = kinds.map { "--kind \($0.rawValue)" }
        parts += paths.map { "--element \($0.section),\($0.item)" }
        return parts.joined(separator: " ")
    }
}
