import Foundation
import TetherPlatform
import TetherScenario

/// SIGINT, SIGTERM and SIGHUP end the process quietly with the shell's codes (130, 143, 129)
/// after removing every temporary output file (`TemporaryFiles`), so an interrupted run leaves
/// nothing behind and the files it was replacing as they were.
///
/// The signals are blocked in every thread and taken by one thread waiting in `sigwait`, rather
/// than handled by a signal handler: cleaning up needs the lock that guards creating and renaming
/// temporary files, and a handler that interrupted the thread holding that lock could never take
/// it. On an ordinary thread the cleanup may lock, wait for a rename in progress to finish, and
/// use ordinary code. A signal that is ignored when tether starts (`nohup` ignores SIGHUP, a shell
/// ignores SIGINT for background jobs) stays ignored.
enum Interruptions {
    static let signals: [Int32] = [Signals.interrupt, Signals.terminate, Signals.hangUp]

    /// Call first thing in `main`, before any other thread exists: threads inherit the mask.
    static func install() {
        let watched = signals.filter { !Signals.isIgnored($0) }
        Signals.block(watched)
        Thread.detachNewThread {
            let received = Signals.wait(for: watched)
            TemporaryFiles.process.removeAllAndExit(128 + received)
        }
    }
}
