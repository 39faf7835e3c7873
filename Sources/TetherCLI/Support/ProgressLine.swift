import Foundation
import TetherPlatform
import TetherScenario
import TetherTuning

/// The progress line on a terminal's stderr: runs done, runs/s, ETA; redrawn at most ten times a
/// second. Only called under `SweepPlan.run`'s lock, one call at a time. Nothing is drawn when
/// stderr is not a terminal, so there an error stays the only line.
final class ProgressLine: @unchecked Sendable {
    let label: String
    let total: Int
    let start = DispatchTime.now().uptimeNanoseconds
    var lastDrawn: UInt64 = 0
    var drawn = false

    init(label: String, total: Int) {
        self.label = label
        self.total = total
    }

    /// A progress line for `total` runs when stderr is a terminal, else nil.
    static func onTerminal(label: String, total: Int) -> ProgressLine? {
        FileDescriptor.isTerminal(FileDescriptor.standardError) ? ProgressLine(label: label, total: total) : nil
    }

    func update(_ done: Int) {
        let now = DispatchTime.now().uptimeNanoseconds
        guard done == total || now - lastDrawn >= 100_000_000 else { return }
        lastDrawn = now
        let seconds = Double(now - start) / 1e9
        let rate = seconds > 0 ? Double(done) / seconds : 0
        let eta = rate > 0 ? Double(total - done) / rate : 0
        let text = "\r\u{1B}[K\(label): \(done)/\(total) runs, \(FixedDecimal.text(rate, decimals: 1)) runs/s, ETA \(FixedDecimal.text(eta, decimals: 0)) s"
        FileHandle.standardError.write(Data(text.utf8))
        drawn = true
    }

    func finish() {
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
