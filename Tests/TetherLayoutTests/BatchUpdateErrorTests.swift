import Testing
@testable import TetherLayout

/// Every refusal with its exact message. Counts are chosen so the numbers in each message can be
/// checked by eye.
@Suite struct BatchUpdateErrorTests {
    private func expectError(
        _ update: BatchUpdate, _ counts: [Int], _ error: BatchUpdateError, _ message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        // Validation itself must refuse: `apply` is reached only when it did, so a wrong bound in
        // `validate` fails here instead of trapping in `apply` (which would end the test process).
        let validated = Result { () throws(BatchUpdateError) in try update.validate(against: counts) }
        #expect(throws: error, sourceLocation: sourceLocation) { try validated.get() }
        if case .failure = validated {
            #expect(throws: error, sourceLocation: sourceLocation) { try update.apply(to: counts) }
        }
        #expect(error.message == message, sourceLocation: sourceLocation)
    }

    /// Each bound of validation at its edge: the last old item may be deleted or moved and one
    /// past it may not; an insert or move may end at the last new index and not one past it.
    @Test func validationBoundsAreExact() throws {
        for n in [1, 2, 7] {
            #expect(try BatchUpdate.delete(path(0, n - 1)).validate(against: [n]) == [n - 1])
            #expect(throws: BatchUpdateError.itemBeyondOldCount(.delete(path(0, n)), count: n)) {
                try BatchUpdate.delete(path(0, n)).validate(against: [n])
            }
            #expect(try BatchUpdate.insert(path(0, n)).validate(against: [n]) == [n + 1])
            #expect(throws: BatchUpdateError.itemBeyondNewCount(.insert(path(0, n + 1)), newCount: n + 1)) {
                try BatchUpdate.insert(path(0, n + 1)).validate(against: [n])
            }
            let last = BatchUpdate.Move(from: path(0, n - 1), to: path(1, 0))
            #expect(try BatchUpdate(moves: [last]).validate(against: [n, 0]) == [n - 1, 1])
            let past = BatchUpdate.Move(from: path(0, 0), to: path(1, 1))
            #expect(throws: BatchUpdateError.itemBeyondNewCount(.move(past), newCount: 1)) {
                try BatchUpdate(moves: [past]).validate(against: [n, 0])
            }
        }
        #expect(try BatchUpdate.insert(path(1, 0)).validate(against: [3, 0]) == [3, 1])
        #expect(throws: BatchUpdateError.noSuchSection(.insert(path(2, 0)), section: 2, sectionCount: 2)) {
            try BatchUpdate.insert(path(2, 0)).validate(against: [3, 0])
        }
    }

    @Test func deleteBeyondTheOldCount() {
        // 12 items are 0…11, so 12 is one past the end.
        expectError(.delete(path(0, 12)), [12], .itemBeyondOldCount(.delete(path(0, 12)), count: 12),
                    "delete of item 12 in section 0: section 0 has only 12 items (0…11)")
        expectError(.delete(path(0, 1)), [1], .itemBeyondOldCount(.delete(path(0, 1)), count: 1),
                    "delete of item 1 in section 0: section 0 has only 1 item (0)")
        expectError(.delete(path(0, -1)), [3], .itemBeyondOldCount(.delete(path(0, -1)), count: 3),
                    "delete of item -1 in section 0: section 0 has only 3 items (0…2)")
    }

    @Test func moveSourceBeyondTheOldCount() {
        let move = BatchUpdate.Move(from: path(0, 5), to: path(0, 0))
        expectError(BatchUpdate(moves: [move]), [5], .itemBeyondOldCount(.move(move), count: 5),
                    "move from 0.5 to 0.0: section 0 has only 5 items (0…4)")
    }

    @Test func deleteFromAnEmptySection() {
        expectError(.delete(path(1, 0)), [2, 0], .emptySection(.delete(path(1, 0)), section: 1),
                    "delete of item 0 in section 1: section 1 is empty")
        let move = BatchUpdate.Move(from: path(1, 0), to: path(0, 0))
        expectError(BatchUpdate(moves: [move]), [2, 0], .emptySection(.move(move), section: 1),
                    "move from 1.0 to 0.0: section 1 is empty")
    }

    @Test func sectionThatDoesNotExist() {
        expectError(.delete(path(3, 0)), [4, 4], .noSuchSection(.delete(path(3, 0)), section: 3, sectionCount: 2),
                    "delete of item 0 in section 3: section 3 does not exist (2 sections)")
        expectError(.insert(path(3, 0)), [4, 4], .noSuchSection(.insert(path(3, 0)), section: 3, sectionCount: 2),
                    "insert at 3.0: section 3 does not exist (2 sections)")
        let move = BatchUpdate.Move(from: path(0, 0), to: path(1, 0))
        expectError(BatchUpdate(moves: [move]), [4], .noSuchSection(.move(move), section: 1, sectionCount: 1),
                    "move from 0.0 to 1.0: section 1 does not exist (1 section)")
        expectError(.insert(path(-1, 0)), [4], .noSuchSection(.insert(path(-1, 0)), section: -1, sectionCount: 1),
                    "insert at -1.0: section -1 does not exist (1 section)")
    }

    @Test func deletedTwice() {
        expectError(.delete(path(0, 3), path(0, 1), path(0, 3)), [5], .deletedTwice(path(0, 3)),
                    "item 0.3 is deleted twice")
    }

    @Test func deletedAndMoved() {
        let update = BatchUpdate(deletes: [path(0, 3)], moves: [.init(from: path(0, 3), to: path(0, 0))])
        expectError(update, [5], .deletedAndMoved(path(0, 3)), "item 0.3 is both deleted and moved")
    }

    @Test func movedTwice() {
        let update = BatchUpdate(moves: [.init(from: path(0, 3), to: path(0, 0)), .init(from: path(0, 3), to: path(0, 1))])
        expectError(update, [5], .movedTwice(path(0, 3)), "item 0.3 is moved twice")
    }

    @Test func insertBeyondTheNewCount() {
        // 8 − 1 delete + 1 insert = 8 items after the update, 0…7; 9 is two past the end.
        let update = BatchUpdate(deletes: [path(0, 0)], inserts: [path(0, 9)])
        expectError(update, [8], .itemBeyondNewCount(.insert(path(0, 9)), newCount: 8),
                    "insert at 0.9: after this update section 0 has 8 items (0…7)")
        // An insert at the old count is fine (it appends), but not with a delete in the same
        // batch: 5 − 1 + 1 = 5 items, 0…4.
        let append = BatchUpdate(deletes: [path(0, 2)], inserts: [path(0, 5)])
        expectError(append, [5], .itemBeyondNewCount(.insert(path(0, 5)), newCount: 5),
                    "insert at 0.5: after this update section 0 has 5 items (0…4)")
    }

    @Test func moveDestinationBeyondTheNewCount() {
        // A move within a section keeps its count: 5 items, 0…4.
        let move = BatchUpdate.Move(from: path(0, 0), to: path(0, 5))
        expectError(BatchUpdate(moves: [move]), [5], .itemBeyondNewCount(.move(move), newCount: 5),
                    "move from 0.0 to 0.5: after this update section 0 has 5 items (0…4)")
        // Across sections the destination section grows by one: [2, 1] → [1, 2], so 1.2 is past it.
        let across = BatchUpdate.Move(from: path(0, 0), to: path(1, 2))
        expectError(BatchUpdate(moves: [across]), [2, 1], .itemBeyondNewCount(.move(across), newCount: 2),
                    "move from 0.0 to 1.2: after this update section 1 has 2 items (0…1)")
    }

    @Test func twoItemsEndAtTheSamePlace() {
        expectError(.insert(path(0, 4), path(0, 4)), [8], .twoItemsEndAt(path(0, 4)), "two items end at 0.4")
        let update = BatchUpdate(inserts: [path(0, 4)], moves: [.init(from: path(0, 0), to: path(0, 4))])
        expectError(update, [8], .twoItemsEndAt(path(0, 4)), "two items end at 0.4")
        let moves = BatchUpdate(moves: [.init(from: path(0, 0), to: path(0, 4)), .init(from: path(0, 1), to: path(0, 4))])
        expectError(moves, [8], .twoItemsEndAt(path(0, 4)), "two items end at 0.4")
    }

    @Test func negativeCount() {
        expectError(BatchUpdate(), [2, -1], .negativeCount(section: 1, count: -1),
                    "section 1 has a negative item count (-1)")
    }

    @Test func insertedIDsMustMatchTheInserts() {
        let update = BatchUpdate.insert(path(0, 0), path(0, 1))
        #expect(throws: BatchUpdateError.insertedIDCountMismatch(inserts: 2, ids: 3)) {
            try update.newOrder(of: [[1]], insertedIDs: [7, 8, 9])
        }
        #expect(BatchUpdateError.insertedIDCountMismatch(inserts: 2, ids: 3).message
            == "the update inserts 2 items but 3 inserted ids were given")
    }

    /// Errors name the lowest offending index path, so listing changes in another order cannot
    /// change which error is reported.
    @Test func theReportedErrorDoesNotDependOnListingOrder() {
        let counts = [5]
        let a = BatchUpdate(deletes: [path(0, 9), path(0, 7)])
        let b = BatchUpdate(deletes: [path(0, 7), path(0, 9)])
        #expect(throws: BatchUpdateError.itemBeyondOldCount(.delete(path(0, 7)), count: 5)) { try a.apply(to: counts) }
        #expect(throws: BatchUpdateError.itemBeyondOldCount(.delete(path(0, 7)), count: 5)) { try b.apply(to: counts) }

        let c = BatchUpdate(deletes: [path(0, 4), path(0, 4), path(0, 1), path(0, 1)])
        #expect(throws: BatchUpdateError.deletedTwice(path(0, 1))) { try c.apply(to: counts) }
    }

    /// Range errors come before duplicate errors: a batch with both reports the range error.
    @Test func rangeIsCheckedBeforeDuplicates() {
        let update = BatchUpdate(deletes: [path(0, 1), path(0, 1), path(0, 6)])
        #expect(throws: BatchUpdateError.itemBeyondOldCount(.delete(path(0, 6)), count: 5)) {
            try update.apply(to: [5])
        }
    }
}
