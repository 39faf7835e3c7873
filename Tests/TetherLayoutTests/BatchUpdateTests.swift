import Testing
@testable import TetherLayout

/// "0.3" style shorthand for tests.
func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }

/// A section-0 column of a map, written as the item numbers (nil: inserted or deleted).
private func inSection0(_ items: [Int?]) -> [ItemPath?] { items.map { $0.map { path(0, $0) } } }

/// One hand-worked batch: the old counts, the batch, and both maps expected from it.
struct BatchUpdateCase: Sendable, CustomTestStringConvertible {
    var name: String
    var counts: [Int]
    var update: BatchUpdate
    var newCounts: [Int]
    var oldIndexOfNew: [[ItemPath?]]
    var newIndexOfOld: [[ItemPath?]]
    var testDescription: String { name }
}

/// Expected maps are worked out by hand; the reasoning is in each comment. Old items are named
/// A, B, C, … by their old index in section 0.
let batchUpdateCases: [BatchUpdateCase] = [
    // [A B C D E], delete 2 (C), insert at 2. New count 5 − 1 + 1 = 5. Slot 2 is the insert; the
    // survivors A B D E fill slots 0 1 3 4: [A B new D E]. D and E keep their indexes.
    BatchUpdateCase(
        name: "delete then insert at the same index", counts: [5],
        update: BatchUpdate(deletes: [path(0, 2)], inserts: [path(0, 2)]), newCounts: [5],
        oldIndexOfNew: [inSection0([0, 1, nil, 3, 4])], newIndexOfOld: [inSection0([0, 1, nil, 3, 4])]),
    // [A B C D E], delete 0, insert at 4 (a new index: the last slot of 5). Survivors B C D E fill
    // slots 0…3: [B C D E new]; every survivor shifts down by one.
    BatchUpdateCase(
        name: "delete 0 and insert at the end", counts: [5],
        update: BatchUpdate(deletes: [path(0, 0)], inserts: [path(0, 4)]), newCounts: [5],
        oldIndexOfNew: [inSection0([1, 2, 3, 4, nil])], newIndexOfOld: [inSection0([nil, 0, 1, 2, 3])]),
    // [A B C D E], insert at 0 and delete 0 in one batch. Deletes go first: A is gone. Then the
    // insert takes new slot 0, and B C D E fill 1…4 — the same indexes they had. The new 0 is the
    // inserted item, not A.
    BatchUpdateCase(
        name: "insert at 0 and delete old 0", counts: [5],
        update: BatchUpdate(deletes: [path(0, 0)], inserts: [path(0, 0)]), newCounts: [5],
        oldIndexOfNew: [inSection0([nil, 1, 2, 3, 4])], newIndexOfOld: [inSection0([nil, 1, 2, 3, 4])]),
    // [A B C D E], move 1 → 3. B claims new slot 3; A C D E fill 0 1 2 4: [A C D B E].
    BatchUpdateCase(
        name: "move forward within a section", counts: [5],
        update: .move(from: path(0, 1), to: path(0, 3)), newCounts: [5],
        oldIndexOfNew: [inSection0([0, 2, 3, 1, 4])], newIndexOfOld: [inSection0([0, 3, 1, 2, 4])]),
    // [A B C D E], move 3 → 1. D claims new slot 1; A B C E fill 0 2 3 4: [A D B C E].
    BatchUpdateCase(
        name: "move backward within a section", counts: [5],
        update: .move(from: path(0, 3), to: path(0, 1)), newCounts: [5],
        oldIndexOfNew: [inSection0([0, 3, 1, 2, 4])], newIndexOfOld: [inSection0([0, 2, 3, 1, 4])]),
    // Sections [A B C] [X Y], move 0.1 (B) → 1.0. Counts: section 0 loses one (2), section 1 gains
    // one (3). Section 0: A C fill 0 1. Section 1: B at 0, X Y fill 1 2: [A C] [B X Y].
    BatchUpdateCase(
        name: "move across sections", counts: [3, 2],
        update: .move(from: path(0, 1), to: path(1, 0)), newCounts: [2, 3],
        oldIndexOfNew: [[path(0, 0), path(0, 2)], [path(0, 1), path(1, 0), path(1, 1)]],
        newIndexOfOld: [[path(0, 0), path(1, 0), path(0, 1)], [path(1, 1), path(1, 2)]]),
    // [A B C D E F], delete 4, 1, 0 listed descending. All deletes name old indexes, so the order
    // is irrelevant: E B A go, C D F remain: [C D F].
    BatchUpdateCase(
        name: "deletes in descending order", counts: [6],
        update: BatchUpdate(deletes: [path(0, 4), path(0, 1), path(0, 0)]), newCounts: [3],
        oldIndexOfNew: [inSection0([2, 3, 5])], newIndexOfOld: [inSection0([nil, nil, 0, 1, nil, 2])]),
    // The same deletes ascending: the same result (a sequential reading would delete the wrong
    // items here — deleting 0 first would shift E to 3).
    BatchUpdateCase(
        name: "deletes in ascending order", counts: [6],
        update: BatchUpdate(deletes: [path(0, 0), path(0, 1), path(0, 4)]), newCounts: [3],
        oldIndexOfNew: [inSection0([2, 3, 5])], newIndexOfOld: [inSection0([nil, nil, 0, 1, nil, 2])]),
    // [A B C], delete all three: the section stays, empty.
    BatchUpdateCase(
        name: "delete all items", counts: [3],
        update: .delete(path(0, 2), path(0, 0), path(0, 1)), newCounts: [0],
        oldIndexOfNew: [[]], newIndexOfOld: [inSection0([nil, nil, nil])]),
    // [A B] [], insert 1.0 and 1.1. Section 1 goes 0 → 2, both slots inserted; section 0 untouched.
    BatchUpdateCase(
        name: "insert into an empty section", counts: [2, 0],
        update: .insert(path(1, 1), path(1, 0)), newCounts: [2, 2],
        oldIndexOfNew: [[path(0, 0), path(0, 1)], [nil, nil]],
        newIndexOfOld: [[path(0, 0), path(0, 1)], []]),
    // [A B C D E F]: delete 0 1 (A B, before the move's source), move 2 (C, still named by its
    // OLD index) → 3 (a NEW index, counting the inserts), insert 0 1 (before the destination).
    // New count 6 − 2 − 1 + 2 + 1 = 6. Claimed: 0 1 (inserts), 3 (C). Survivors D E F fill 2 4 5:
    // [new new D C E F]. Reading the move sequentially after the deletes would move D instead.
    BatchUpdateCase(
        name: "move with deletes before its source and inserts before its destination", counts: [6],
        update: BatchUpdate(
            deletes: [path(0, 0), path(0, 1)], inserts: [path(0, 0), path(0, 1)],
            moves: [.init(from: path(0, 2), to: path(0, 3))]),
        newCounts: [6],
        oldIndexOfNew: [inSection0([nil, nil, 3, 2, 4, 5])], newIndexOfOld: [inSection0([nil, nil, 3, 2, 4, 5])]),
    // [A B C D E], a single insert at 5 appends: the new count is 6, so 5 is the last slot.
    BatchUpdateCase(
        name: "single insert appends", counts: [5], update: .insert(path(0, 5)), newCounts: [6],
        oldIndexOfNew: [inSection0([0, 1, 2, 3, 4, nil])], newIndexOfOld: [inSection0([0, 1, 2, 3, 4])]),
    // [A B C] [X Y]: swap A and Y across sections. Counts stay [3, 2]. Section 0: Y at 0, B C fill
    // 1 2. Section 1: A at 1, X fills 0: [Y B C] [X A].
    BatchUpdateCase(
        name: "swap across sections", counts: [3, 2],
        update: BatchUpdate(moves: [.init(from: path(0, 0), to: path(1, 1)), .init(from: path(1, 1), to: path(0, 0))]),
        newCounts: [3, 2],
        oldIndexOfNew: [[path(1, 1), path(0, 1), path(0, 2)], [path(1, 0), path(0, 0)]],
        newIndexOfOld: [[path(1, 1), path(0, 1), path(0, 2)], [path(1, 0), path(0, 0)]]),
]

@Suite struct BatchUpdateTests {
    @Test(arguments: batchUpdateCases)
    func handWorkedCase(_ c: BatchUpdateCase) throws {
        let result = try c.update.apply(to: c.counts)
        #expect(result.newCounts == c.newCounts)
        #expect(result.oldIndexOfNew == c.oldIndexOfNew)
        #expect(result.newIndexOfOld == c.newIndexOfOld)
    }

    @Test func deleteOrderDoesNotChangeTheResult() throws {
        let descending = try BatchUpdate(deletes: [path(0, 4), path(0, 1), path(0, 0)]).apply(to: [6])
        let ascending = try BatchUpdate(deletes: [path(0, 0), path(0, 1), path(0, 4)]).apply(to: [6])
        #expect(descending == ascending)
    }

    /// The seed article's crash: deleting the last item, then in a later update deleting an index
    /// that the first update already removed. Each update is checked against the counts the
    /// previous one left, so the second is refused with the counts named.
    @Test func laterUpdateSeesTheCountsTheEarlierOneLeft() throws {
        let first = try BatchUpdate.delete(path(0, 4)).apply(to: [5])
        #expect(first.newCounts == [4])
        #expect(throws: BatchUpdateError.itemBeyondOldCount(.delete(path(0, 4)), count: 4)) {
            try BatchUpdate.delete(path(0, 4)).apply(to: first.newCounts)
        }
        let message = batchUpdateMessage { () throws(BatchUpdateError) in
            _ = try BatchUpdate.delete(path(0, 4)).apply(to: first.newCounts)
        }
        #expect(message == "delete of item 4 in section 0: section 0 has only 4 items (0…3)")
    }

    @Test func singleEventsAreOneKindBatches() {
        #expect(BatchUpdate.insert(path(0, 1)) == BatchUpdate(inserts: [path(0, 1)]))
        #expect(BatchUpdate.delete(path(0, 1), path(0, 2)) == BatchUpdate(deletes: [path(0, 1), path(0, 2)]))
        #expect(BatchUpdate.move(from: path(0, 1), to: path(1, 0))
            == BatchUpdate(moves: [.init(from: path(0, 1), to: path(1, 0))]))
    }

    @Test func emptyBatchIsTheIdentity() throws {
        let result = try BatchUpdate().apply(to: [2, 0, 1])
        #expect(result.newCounts == [2, 0, 1])
        #expect(result.oldIndexOfNew == [[path(0, 0), path(0, 1)], [], [path(2, 0)]])
        #expect(result.newIndexOfOld == result.oldIndexOfNew)
        #expect(result.newIndex(ofOld: path(2, 0)) == path(2, 0))
        #expect(result.oldIndex(ofNew: path(0, 1)) == path(0, 1))
    }

    @Test func validateReturnsTheNewCounts() throws {
        let update = BatchUpdate(deletes: [path(0, 0)], inserts: [path(1, 0), path(1, 1)],
                                 moves: [.init(from: path(0, 1), to: path(1, 2))])
        // Section 0: 3 − 1 delete − 1 move out = 1. Section 1: 1 + 2 inserts + 1 move in = 4.
        #expect(try update.validate(against: [3, 1]) == [1, 4])
    }

    /// Ids follow their items; the inserted ids go where the inserts say, in `inserts` order.
    @Test func newOrderCarriesIDs() throws {
        // The "move with deletes and inserts" case: [A B C D E F] → [new new D C E F], with the
        // inserts listed 1 then 0, so "y" (second id) lands at 0 and "x" at 1.
        let update = BatchUpdate(
            deletes: [path(0, 1), path(0, 0)], inserts: [path(0, 1), path(0, 0)],
            moves: [.init(from: path(0, 2), to: path(0, 3))])
        let order = try update.newOrder(of: [["A", "B", "C", "D", "E", "F"]], insertedIDs: ["x", "y"])
        #expect(order == [["y", "x", "D", "C", "E", "F"]])

        // Across sections: [1 2 3] [4 5] with 2 → section 1's front and 9 inserted at 0.0.
        let across = BatchUpdate(inserts: [path(0, 0)], moves: [.init(from: path(0, 1), to: path(1, 0))])
        #expect(try across.newOrder(of: [[1, 2, 3], [4, 5]], insertedIDs: [9]) == [[9, 1, 3], [2, 4, 5]])
    }

    @Test func indexPathOrderAndKeys() {
        #expect(path(0, 9) < path(1, 0))
        #expect(path(1, 2) < path(1, 3))
        #expect(path(2, 7).description == "2.7")
        #expect(path(2, 7).cellKey == ElementKey.cell(2, 7))
        #expect(ItemPath(ElementKey.cell(3, 1)) == path(3, 1))
    }
}

/// The message of the error `body` throws, or nil if it throws none.
func batchUpdateMessage(_ body: () throws(BatchUpdateError) -> Void) -> String? {
    do throws(BatchUpdateError) {
        try body()
        return nil
    } catch {
        return error.message
    }
}
