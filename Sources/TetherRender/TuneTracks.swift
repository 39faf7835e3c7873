import TetherLayout
import TetherPhysics
import TetherScenario

/// Why the runs of a grid cannot share one tuning page (exit 64: the `--vary` values change
/// what the page draws side by side, not only how it moves).
public struct TunePageError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// The replays of a tuning page over one element table, each run encoded as `CompactSeries`
/// text (see `TunePage` for the layout of a run's text).
///
/// Runs of one grid may show different cells at a frame (a livelier spring pushes a cell into
/// view sooner), so each run's table is merged into one: an element is known by its key and
/// how many elements with that key came before it in the run's table (data-source updates can
/// give two items the same first index path), and a new one is placed right after the element
/// that precedes it in its own run, which keeps each run's drawing order.
struct TuneTracks {
    var elements: [RenderElement]
    /// One encoded run per grid point.
    var runs: [[UInt8]]
    /// Recorded frames per run (frame 0 included).
    var frameCount: Int

    init(_ recordings: [RenderRecording], describe: (Int) -> String) throws(TunePageError) {
        precondition(!recordings.isEmpty, "a tuning page needs at least one run")
        let first = recordings[0]
        struct Identity: Hashable {
            var key: String
            var occurrence: Int
        }
        var order: [Identity] = []
        var table: [Identity: RenderElement] = [:]
        var slotMaps: [[Identity]] = []
        for (index, recording) in recordings.enumerated() {
            func mismatch(_ what: String) -> TunePageError {
                TunePageError("combination \(index) (\(describe(index))) changes \(what); a tuning page compares runs of one layout over the same frames: vary the dynamics or the events, not the layout, the viewport, the clock or the frame count")
            }
            if recording.viewport != first.viewport { throw mismatch("the viewport") }
            if recording.contentSize != first.contentSize { throw mismatch("the content size") }
            if recording.hz != first.hz { throw mismatch("the clock") }
            if recording.frames.count != first.frames.count { throw mismatch("the frame count") }
            var seen: [String: Int] = [:]
            var identities: [Identity] = []
            var previous: Identity?
            for element in recording.elements {
                let identity = Identity(key: element.key, occurrence: seen[element.key, default: 0])
                seen[element.key, default: 0] += 1
                identities.append(identity)
                if let known = table[identity] {
                    if known.size != element.size || known.rest != element.rest { throw mismatch("the size or the place of \(element.key)") }
                } else {
                    table[identity] = element
                    let position = previous.flatMap { p in order.firstIndex(of: p).map { $0 + 1 } } ?? 0
                    order.insert(identity, at: position)
                }
                previous = identity
            }
            slotMaps.append(identities)
        }
        var slotOf: [Identity: Int] = [:]
        for (slot, identity) in order.enumerated() { slotOf[identity] = slot }
        elements = order.map { table[$0]! }
        frameCount = first.frames.count
        runs = zip(recordings, slotMaps).map { recording, identities in
            Self.encode(recording, slots: identities.map { slotOf[$0]! }, elementCount: order.count)
        }
    }

    /// A run's text: the five scroll series (offset x, offset y, finger down 0/1, finger x,
    /// finger y; one value per frame), the number of spans, then per span its slot, first
    /// frame position and length, and the series x, y (hundredths of a point), angle
    /// (hundredths of a degree) and sprung (0/1) over its frames. A span is a stretch of
    /// consecutive recorded frames in which the element is drawn; spans are in slot order.
    static func encode(_ recording: RenderRecording, slots: [Int], elementCount: Int) -> [UInt8] {
        var text: [UInt8] = []
        let frames = recording.frames
        let h = CompactSeries.hundredths
        CompactSeries.appendSeries(frames.map { h($0.contentOffset.x) }, to: &text)
        CompactSeries.appendSeries(frames.map { h($0.contentOffset.y) }, to: &text)
        CompactSeries.appendSeries(frames.map { $0.touch == nil ? 0 : 1 }, to: &text)
        CompactSeries.appendSeries(frames.map { h($0.touch?.x ?? 0) }, to: &text)
        CompactSeries.appendSeries(frames.map { h($0.touch?.y ?? 0) }, to: &text)

        var drawn = Array(repeating: [(frame: Int, placement: Placement)](), count: elementCount)
        for (position, frame) in frames.enumerated() {
            for placement in frame.placements { drawn[slots[placement.element]].append((position, placement)) }
        }
        var spans: [(slot: Int, entries: ArraySlice<(frame: Int, placement: Placement)>)] = []
        for (slot, entries) in drawn.enumerated() {
            var start = 0
            for i in entries.indices where i == entries.count - 1 || entries[i + 1].frame != entries[i].frame + 1 {
                spans.append((slot, entries[start...i]))
                start = i + 1
            }
        }
        CompactSeries.appendUnsigned(spans.count, to: &text)
        for (slot, entries) in spans {
            CompactSeries.appendUnsigned(slot, to: &text)
            CompactSeries.appendUnsigned(entries.first!.frame, to: &text)
            CompactSeries.appendUnsigned(entries.count, to: &text)
            CompactSeries.appendSeries(entries.map { h($0.placement.center.x) }, to: &text)
            CompactSeries.appendSeries(entries.map { h($0.placement.center.y) }, to: &text)
            CompactSeries.appendSeries(entries.map { h($0.placement.angle * 180 / Double.pi) }, to: &text)
            CompactSeries.appendSeries(entries.map { $0.placement.anchor == nil ? 0 : 1 }, to: &text)
        }
        return text
    }
}
