import TetherLayout
import TetherPhysics

/// What an output row describes. Collection-view element kinds plus the two rows
/// only replays have: the scroll viewport and free-standing world items.
public enum RowKind: String, Sendable, Hashable, CaseIterable {
    case viewport
    case header
    case cell
    case footer
    case decoration
    case item

    /// Sort rank within a section. The viewport sorts first in a frame overall (callers put
    /// it before every section); the rest follow `ElementKind`'s order, world items last.
    public var rank: Int {
        switch self {
        case .viewport: 0
        case .header: 1
        case .cell: 2
        case .footer: 3
        case .decoration: 4
        case .item: 5
        }
    }

    /// The row kind of a collection-view element.
    public init(_ kind: ElementKind) {
        switch kind {
        case .header: self = .header
        case .cell: self = .cell
        case .footer: self = .footer
        case .decoration: self = .decoration
        }
    }

    /// The name as static bytes, so writers copy it without touching `String`.
    var staticName: StaticString {
        switch self {
        case .viewport: "viewport"
        case .header: "header"
        case .cell: "cell"
        case .footer: "footer"
        case .decoration: "decoration"
        case .item: "item"
        }
    }
}

/// One element's attributes in one frame: a line of CSV, an object in JSON.
///
/// Plain numbers only (a world item's id is in `FrameRecord.itemIDs`), so a frame's rows are
/// one flat block of memory that is filled and read without reference counting.
public struct ElementRow: Sendable, Hashable {
    public var section: Int
    public var item: Int
    public var kind: RowKind
    public var center: Vec2
    public var size: Size
    /// Rotation in radians.
    public var angle: Double
    public var alpha: Double
    public var zIndex: Int

    public init(
        section: Int, item: Int, kind: RowKind,
        center: Vec2, size: Size, angle: Double = 0, alpha: Double = 1, zIndex: Int = 0
    ) {
        self.section = section
        self.item = item
        self.kind = kind
        self.center = center
        self.size = size
        self.angle = angle
        self.alpha = alpha
        self.zIndex = zIndex
    }
}

extension ElementRow {
    /// A row to be overwritten: what storage for rows filled in place starts as.
    static var blank: ElementRow { ElementRow(section: 0, item: 0, kind: .viewport, center: .zero, size: .zero) }
}

extension [ElementRow] {
    /// Makes the array hold `count` rows, to be overwritten in place (nothing is done when it
    /// already holds that many, as it does from frame to frame).
    mutating func resizeForFilling(to count: Int) {
        if self.count != count {
            removeAll(keepingCapacity: true)
            append(contentsOf: repeatElement(.blank, count: count))
        }
    }
}

/// Everything written for one frame. Writers take rows as given, so the order is the caller's.
///
/// A replay fills one record frame after frame (`SceneReplay.record(into:items:)`), so the rows'
/// storage is allocated once for a whole run.
public struct FrameRecord: Sendable {
    /// The frame number, 0 for the initial state.
    public var index: Int
    /// Seconds since the start: `index / hz`, computed by the caller so all formats agree.
    public var time: Double
    /// The collection view's content offset; nil for scenarios without a layout.
    public var contentOffset: Vec2?
    /// Rows already in output order (the caller sorts).
    public var rows: [ElementRow]
    /// World items' ids from the scenario: a row of kind `item` whose `item` is i has the id
    /// `itemIDs[i]` (when there is one). Written in JSON only; CSV stays purely numeric-keyed.
    public var itemIDs: [String]

    public init(index: Int, time: Double, contentOffset: Vec2? = nil, rows: [ElementRow], itemIDs: [String] = []) {
        self.index = index
        self.time = time
        self.contentOffset = contentOffset
        self.rows = rows
        self.itemIDs = itemIDs
    }

    /// A record with no rows, for a replay to fill.
    public init() {
        self.init(index: 0, time: 0, rows: [])
    }

    /// The id of `row`, if it is a world item that has one.
    @inline(__always)
    public func id(of row: ElementRow) -> String? {
        row.kind == .item && row.item >= 0 && row.item < itemIDs.count ? itemIDs[row.item] : nil
    }
}

/// What a writer needs before the first frame.
public struct OutputHeader: Sendable {
    public var scenario: String
    public var hz: Int
    /// Extra top-level JSON string members, written in this order after `hz` (CSV ignores them).
    public var metadata: [(key: String, value: String)]

    public init(scenario: String, hz: Int, metadata: [(key: String, value: String)] = []) {
        self.scenario = scenario
        self.hz = hz
        self.metadata = metadata
    }
}
