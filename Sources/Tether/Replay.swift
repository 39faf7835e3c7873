import Foundation
import TetherLayout
import TetherPhysics
import TetherScenario

/// A scenario being played, frame by frame: frame 0 (the state before any step), then every
/// `every`-th frame to the scenario's last, as `tether run` selects them.
///
///     var replay = try scenario.replay()
///     while let frame = try replay.next() {
///         // frame.elements, frame.contentOffset…
///     }
///
/// `next()` steps this value; `frames()` and `output(_:)` play a copy from frame 0 to the end
/// and leave this one where it is. Replays are deterministic: the same scenario gives the same
/// frames, to the bit, on every run, in debug and release builds.
public struct Replay: Sendable {
    /// The scenario played.
    public let scenario: Scenario
    /// Which elements each frame lists.
    public let items: Scenario.ItemSelection
    /// Frames kept: frame 0 and every `every`-th after it.
    public let every: Int
    private var state: any SceneReplay
    private var started = false

    /// A replay of `scenario` listing `items` (default: what the scenario asks for) every
    /// `every` frames (default: the scenario's `output.every`, usually 1).
    public init(_ scenario: Scenario, items: Scenario.ItemSelection? = nil, every: Int? = nil) throws(TetherError) {
        let every = every ?? scenario.model.output.every
        guard every >= 1 else { throw TetherError(.invalidArgument, "\(scenario.source): every must be 1 or more, not \(every)") }
        self.scenario = scenario
        self.items = items ?? Scenario.ItemSelection(rawValue: scenario.model.output.items.rawValue)!
        self.every = every
        state = makeReplay(scenario.model)
    }

    /// The selection as the scenario libraries name it.
    var selection: TetherScenario.Scenario.ItemSelection {
        TetherScenario.Scenario.ItemSelection(rawValue: items.rawValue)!
    }

    /// The next selected frame, or nil after the last. Throws when an event cannot apply or
    /// the simulation stops being finite; the replay cannot go on after that.
    public mutating func next() throws(TetherError) -> ReplayFrame? {
        if !started {
            started = true
            return Self.frame(state.frameRecord(items: selection))
        }
        while !state.isFinished {
            do {
                try state.advance()
            } catch {
                throw TetherError(error, source: scenario.source)
            }
            if state.frame % every == 0 { return Self.frame(state.frameRecord(items: selection)) }
        }
        return nil
    }

    /// Every selected frame from frame 0 to the end.
    public func frames() throws(TetherError) -> [ReplayFrame] {
        var copy = try Replay(scenario, items: items, every: every)
        var frames: [ReplayFrame] = []
        while let frame = try copy.next() { frames.append(frame) }
        return frames
    }

    /// The formats `tether run` prints.
    public enum OutputFormat: String, Sendable, Hashable, CaseIterable {
        /// One line per element per frame, numbers to 3 decimals (what goldens hold).
        case csv
        /// One document with every frame.
        case json
        /// One JSON object per frame per line.
        case jsonLines = "jsonl"
    }

    /// The bytes `tether run SCENARIO --format FORMAT` prints for this replay's scenario,
    /// items and `every` (from frame 0 to the end).
    public func output(_ format: OutputFormat) throws(TetherError) -> Data {
        let sink = OutputSink.inMemory()
        let kind: TetherScenario.OutputFormat = switch format {
        case .csv: .csv
        case .json: .json
        case .jsonLines: .jsonl
        }
        var writer = makeFrameWriter(kind, sink: sink)
        do {
            try ReplayRunner.run(scenario.model, items: selection, every: every, writer: &writer)
            try sink.flush()
        } catch {
            throw TetherError(replaying: error, source: scenario.source)
        }
        return Data(sink.collectedBytes)
    }

    /// A frame of values from the rows the writers print.
    static func frame(_ record: FrameRecord) -> ReplayFrame {
        var viewport: CGRect?
        var elements: [ReplayFrame.Element] = []
        elements.reserveCapacity(record.rows.count)
        for row in record.rows {
            let kind: ReplayFrame.Element.Kind
            switch row.kind {
            case .viewport:
                viewport = CGRect(
                    x: row.center.x - row.size.width / 2, y: row.center.y - row.size.height / 2,
                    width: row.size.width, height: row.size.height)
                continue
            case .header: kind = .header
            case .cell: kind = .cell
            case .footer: kind = .footer
            case .decoration: kind = .decoration
            case .item: kind = .item
            }
            elements.append(ReplayFrame.Element(
                section: row.section, item: row.item, kind: kind, id: record.id(of: row),
                center: CGPoint(x: row.center.x, y: row.center.y),
                size: CGSize(width: row.size.width, height: row.size.height),
                angle: row.angle, alpha: row.alpha, zIndex: row.zIndex))
        }
        return ReplayFrame(
            number: record.index, time: record.time, contentOffset: record.contentOffset.map { CGPoint(x: $0.x, y: $0.y) },
            viewport: viewport, elements: elements)
    }
}
