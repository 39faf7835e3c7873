import TetherJSON
import TetherLayout

/// What an element is, as the description names it. UIKit prints `element kind: (…)` for every
/// element that is not a cell and does not say whether it is a supplementary view or a
/// decoration; the kind's name is kept so the summary and notes can name it.
public enum ImportedKind: Sendable, Hashable, Comparable, CustomStringConvertible {
    case cell
    /// A section header (`UICollectionElementKindSectionHeader`, or a kind mapped to headers).
    case header(String)
    /// A section footer (`UICollectionElementKindSectionFooter`, or a kind mapped to footers).
    case footer(String)
    /// A decoration view: the text said so (a "decoration view" message, a
    /// `representedElementCategory` field) or the kind was mapped to decorations.
    case decoration(String)
    /// Any other supplementary view, kept by its kind's name.
    case supplementary(String)

    /// The element kind a custom layout gives it. Tether knows headers, footers and decorations;
    /// any other supplementary view behaves like a decoration there (not sprung, kept in place).
    public var layoutKind: ElementKind {
        switch self {
        case .cell: .cell
        case .header: .header
        case .footer: .footer
        case .decoration, .supplementary: .decoration
        }
    }

    /// The kind's name as UIKit printed it (nil for cells).
    public var name: String? {
        switch self {
        case .cell: nil
        case .header(let name), .footer(let name), .decoration(let name), .supplementary(let name): name
        }
    }

    /// Header < cell < footer < decoration < other supplementary views, then by name.
    public static func < (a: ImportedKind, b: ImportedKind) -> Bool {
        if a.rank != b.rank { return a.rank < b.rank }
        return (a.name ?? "") < (b.name ?? "")
    }

    private var rank: Int {
        switch self {
        case .header: 0
        case .cell: 1
        case .footer: 2
        case .decoration: 3
        case .supplementary: 4
        }
    }

    /// "cell", "header", "decoration \"SectionBackground\"", "supplementary view \"badge\"".
    public var description: String {
        switch self {
        case .cell: "cell"
        case .header(let name): name == UIKitKinds.header ? "header" : "header \(MessageText.quoted(name))"
        case .footer(let name): name == UIKitKinds.footer ? "footer" : "footer \(MessageText.quoted(name))"
        case .decoration(let name): "decoration \(MessageText.quoted(name))"
        case .supplementary(let name): "supplementary view \(MessageText.quoted(name))"
        }
    }
}

/// UIKit's names of the element kinds a flow layout uses.
public enum UIKitKinds {
    public static let header = "UICollectionElementKindSectionHeader"
    public static let footer = "UICollectionElementKindSectionFooter"
    public static let cell = "UICollectionElementKindCell"
}

/// One layout attributes description, read: the element it describes, as a custom layout
/// element (the rectangle before the turn, and the angle), and where it was written.
public struct ImportedElement: Sendable, Hashable {
    public var kind: ImportedKind
    public var section: Int
    public var item: Int
    /// The element's rectangle before its turn (center and bounds size), in content coordinates.
    /// Without a transform it is the printed frame; with one, it is recovered from the printed
    /// frame (the turned element's bounding box) and the rotation.
    public var frame: Rect
    /// The transform's rotation in radians, in (−π, π]; 0 without a transform.
    public var angle: Double
    public var alpha: Double
    public var zIndex: Int
    /// `hidden = YES`: the element is imported with alpha 0 (see `ImportedLayout.attributes`).
    public var isHidden: Bool
    /// The attributes' class as printed, module included (`MyApp.CardAttributes`).
    public var className: String
    /// Fields after the ones UIKit prints (a subclass's own), by name, in order: not imported.
    public var ignoredFields: [String]
    /// Where the description starts (its `<`).
    public var place: TextPlace

    public init(
        kind: ImportedKind, section: Int, item: Int, frame: Rect, angle: Double = 0, alpha: Double = 1, zIndex: Int = 0,
        isHidden: Bool = false, className: String = "UICollectionViewLayoutAttributes", ignoredFields: [String] = [],
        place: TextPlace = TextPlace(line: 1, column: 1)
    ) {
        self.kind = kind
        self.section = section
        self.item = item
        self.frame = frame
        self.angle = angle
        self.alpha = alpha
        self.zIndex = zIndex
        self.isHidden = isHidden
        self.className = className
        self.ignoredFields = ignoredFields
        self.place = place
    }

    /// The same element twice is the same kind at the same index path.
    public var identity: ImportedIdentity { ImportedIdentity(kind: kind, section: section, item: item) }
}

/// An element's kind and index path: what makes two descriptions describe the same element.
public struct ImportedIdentity: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var kind: ImportedKind
    public var section: Int
    public var item: Int

    public static func < (a: ImportedIdentity, b: ImportedIdentity) -> Bool {
        if a.section != b.section { return a.section < b.section }
        if a.kind != b.kind { return a.kind < b.kind }
        return a.item < b.item
    }

    /// "cell 0.3", "header 1.0".
    public var description: String { "\(kind) \(section).\(item)" }
}
