import Foundation
import Testing
import TetherPlatform

/// The machine's load as the thread governor reads it: `/proc/loadavg`'s count of runnable
/// threads, parsed from its text, and the processors online.
@Suite struct ProcessorLoadTests {
    @Test func theRunnableCountIsTheFourthFieldBeforeItsSlash() {
        func parse(_ text: String) -> Int? { ProcessorLoad.runnableThreads(inLoadAverage: Array(text.utf8)) }
        #expect(parse("0.74 0.92 1.30 3/104 6589\n") == 3)
        #expect(parse("12.00 9.50 8.25 17/2048 1") == 17)
        #expect(parse("0.00\t0.01 0.05  1/80 42") == 1)
        // Not that form: too few fields, no slash, a sign or a letter in the count, no digits.
        #expect(parse("0.74 0.92 1.30") == nil)
        #expect(parse("0.74 0.92 1.30 3 104") == nil)
        #expect(parse("0.74 0.92 1.30 -3/104 1") == nil)
        #expect(parse("0.74 0.92 1.30 3x/104 1") == nil)
        #expect(parse("0.74 0.92 1.30 /104 1") == nil)
        #expect(parse("") == nil)
        #expect(parse("0.74 0.92 1.30 99999999999999999999/1 1") == nil)
    }

    /// Where the system counts them, the running threads include this one; the processors online
    /// are at least those this process may run on.
    @Test func theMachineSaysWhatItRuns() {
        if ProcessorLoad.isMeasurable {
            let runnable = try? #require(ProcessorLoad.runnableThreads())
            #expect((runnable ?? 0) >= 1)
        } else {
            #expect(ProcessorLoad.runnableThreads() == nil)
        }
        #expect(ProcessorLoad.onlineProcessors() >= ProcessInfo.processInfo.activeProcessorCount)
    }
}
