import Foundation

/// Why `assertGolden` failed: the replay does not match its golden, or a golden was recorded
/// (which always fails, so a recording run is never taken for a check).
///
/// `description` is the message both test frameworks show for the thrown error: what happened,
/// where the golden is, the first difference and how much differs, and how to re-record.
public struct GoldenFailure: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// What happened, for tests of tests.
    public enum Reason: Sendable, Hashable {
        /// The replay's CSV differs from the golden (beyond the tolerance).
        case mismatch
        /// There was no golden; it was recorded from this replay.
        case recordedMissing
        /// There was no golden, and the record mode does not allow writing one.
        case missing
        /// The record mode (`.all`, or `.failed` after a mismatch) wrote the golden.
        case recorded
    }

    /// One place where the replay departs from the golden.
    public struct Difference: Sendable, Hashable {
        /// The frame number; -1 for a line too malformed to have one.
        public var frame: Int
        /// The element, e.g. "cell 0.12", "viewport".
        public var element: String
        /// The CSV column ("center_y"…), or "row" for a row only one side has.
        public var column: String
        /// The text in the golden ("present"/"missing" for a row only one side has).
        public var expected: String
        /// The text in the replay's CSV ("present"/"missing" for a row only one side has).
        public var actual: String
        /// The line of the golden file (1-based).
        public var line: Int
    }

    /// What happened.
    public var reason: Reason
    /// The golden file.
    public var golden: URL
    /// Where the replay's CSV was written for inspection when it did not match, if it could be.
    public var actualOutput: URL?
    /// The first difference, for a mismatch.
    public var firstDifference: Difference?
    /// Rows present in both whose values differ.
    public var differingRows = 0
    /// Rows only in the golden.
    public var missingRows = 0
    /// Rows only in the replay.
    public var extraRows = 0
    /// The largest difference between two numbers, over the rows that differ.
    public var largestDifference = 0.0
    /// The whole message.
    public var description: String

    /// The message, for Foundation and XCTest.
    public var errorDescription: String? { description }
}
