/// Why a batch update was refused: the same mistakes UIKit raises
/// `NSInternalInconsistencyException` for, found before anything moves.
///
/// Each case carries the change at fault and the counts it was checked against, so `message` can
/// say what to fix without the reader re-deriving the arithmetic.
public enum BatchUpdateError: Error, Sendable, Hashable {
    /// One change of a batch, as named in messages.
    public enum Change: Sendable, Hashable, CustomStringConvertible {
        case delete(ItemPath)
        case insert(ItemPath)
        case move(BatchUpdate.Move)

        /// "delete of item 12 in section 0", "insert at 0.9", "move from 0.2 to 1.0".
        public var description: String {
            switch self {
            case let .delete(path): "delete of item \(path.item) in section \(path.section)"
            case let .insert(path): "insert at \(path)"
            case let .move(move): "move \(move)"
            }
        }
    }

    /// A section count below zero was given as the state before the update.
    case negativeCount(section: Int, count: Int)
    /// The change names a section the collection does not have (sections are never added).
    case noSuchSection(Change, section: Int, sectionCount: Int)
    /// A delete or move source in a section with no items.
    case emptySection(Change, section: Int)
    /// A delete or move source at or beyond its section's count before the update.
    case itemBeyondOldCount(Change, count: Int)
    /// An insert or move destination at or beyond its section's count after the update.
    case itemBeyondNewCount(Change, newCount: Int)
    /// The same old item is deleted more than once.
    case deletedTwice(ItemPath)
    /// The same old item is the source of more than one move.
    case movedTwice(ItemPath)
    /// An old item is deleted and also the source of a move.
    case deletedAndMoved(ItemPath)
    /// Two inserts or move destinations claim the same new index path.
    case twoItemsEndAt(ItemPath)
    /// `newOrder(of:insertedIDs:)` got a different number of ids than the batch has inserts.
    case insertedIDCountMismatch(inserts: Int, ids: Int)

    /// One English sentence naming the index path and the counts involved.
    public var message: String {
        switch self {
        case let .negativeCount(section, count):
            return "section \(section) has a negative item count (\(count))"
        case let .noSuchSection(change, section, sectionCount):
            let sections = sectionCount == 1 ? "1 section" : "\(sectionCount) sections"
            return "\(change): section \(section) does not exist (\(sections))"
        case let .emptySection(change, section):
            return "\(change): section \(section) is empty"
        case let .itemBeyondOldCount(change, count):
            return "\(change): section \(change.oldSection) has only \(Self.items(count))"
        case let .itemBeyondNewCount(change, newCount):
            return "\(change): after this update section \(change.newSection) has \(Self.items(newCount))"
        case let .deletedTwice(path):
            return "item \(path) is deleted twice"
        case let .movedTwice(path):
            return "item \(path) is moved twice"
        case let .deletedAndMoved(path):
            return "item \(path) is both deleted and moved"
        case let .twoItemsEndAt(path):
            return "two items end at \(path)"
        case let .insertedIDCountMismatch(inserts, ids):
            let items = inserts == 1 ? "1 item" : "\(inserts) items"
            return "the update inserts \(items) but \(ids) inserted ids were given"
        }
    }

    /// "12 items (0…11)", "1 item (0)": the count and the valid indexes it allows.
    private static func items(_ count: Int) -> String {
        count == 1 ? "1 item (0)" : "\(count) items (0…\(count - 1))"
    }
}

extension BatchUpdateError.Change {
    /// The section this change reads from before the update (deletes and move sources).
    var oldSection: Int {
        switch self {
        case let .delete(path), let .insert(path): path.section
        case let .move(move): move.from.section
        }
    }

    /// The section this change writes to after the update (inserts and move destinations).
    var newSection: Int {
        switch self {
        case let .delete(path), let .insert(path): path.section
        case let .move(move): move.to.section
        }
    }
}
