/// Why pasted text could not be imported: where (when a place is to blame) and why. Nothing is
/// imported when there is one: a layout with an element missing or misread would replay as
/// something the app never showed.
public struct ImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The place to look at; nil when the text as a whole is to blame (no attributes at all).
    public var place: TextPlace?
    public var message: String

    public init(_ place: TextPlace?, _ message: String) {
        self.place = place
        self.message = message
    }

    /// "line 3, column 41: …", or the message alone.
    public var description: String { place.map { "\($0): \(message)" } ?? message }

    /// The text holds no layout attributes description at all.
    static let noAttributes = ImportError(
        nil,
        "no layout attributes found: expected what UIKit prints for them, e.g. <UICollectionViewLayoutAttributes: 0x7fa405c290e0> index path: (<NSIndexPath: 0xc000000000000016> {length = 2, path = 0 - 0}); frame = (15 12; 384 57.5); (see docs/import.md)")
}

/// Something the reader did that changes what is imported without being an error: a duplicate
/// replaced, a hidden element kept transparent, a supplementary kind written as a decoration.
public struct ImportNote: Sendable, Hashable, CustomStringConvertible {
    public var place: TextPlace?
    public var message: String

    public init(_ place: TextPlace?, _ message: String) {
        self.place = place
        self.message = message
    }

    public var description: String { place.map { "\($0): \(message)" } ?? message }
}
