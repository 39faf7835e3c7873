import Dispatch
import Synchronization
import TetherPlatform

/// The threads behind `StepWorkers`: `helpers` threads of its own that stay awake for a while
/// between the stages of a step, so a hand-off usually costs what a shared counter costs, not a
/// thread's wake-up.
///
/// Why not Dispatch's `concurrentPerform`: on this kind of machine (a shared 2-core virtual
/// machine) a pool thread that went idle takes some 50–100 µs to wake up, as long as a whole
/// chunk of a springs-10k step, so two threads ran no faster than one.
///
/// **Iterations are claimed, not assigned.** `perform(iterations:_:)` runs iteration 0 on the
/// calling thread; helper k claims iteration k + 1 when it sees the call, and the caller, done
/// with its own, claims and runs every iteration no helper has claimed yet. So a helper that is
/// asleep, or waiting for a core another process holds, never makes the caller wait: the caller
/// runs that iteration itself, and two threads cost at worst about what one does. Which thread
/// runs an iteration changes nothing the iterations compute (each depends only on its index).
///
/// **Waiting adapts.** After its last iteration a helper polls the pool's generation counter,
/// then polls yielding its processor between polls (`Scheduling.yield`, so it does not hold a
/// core another thread wants), and after `idleNanoseconds` without work sleeps on its
/// semaphore until the next call wakes it. The first two keep it awake across the stages of a
/// step and between the frames of a replay; the sleep ends the spinning when no steps come.
///
/// **Stalled helpers are left out.** A helper can still lose its processor in the middle of an
/// iteration it claimed, and then the caller must wait for it. A call in which the caller
/// waited longer than it worked is a stall; a streak of them means another program holds the
/// core (`HelperStalls`), and the governor (below) then runs the steps on the caller alone
/// until a probe finds the helpers paying again, so two threads on a busy machine cost about
/// what one does.
///
/// **Steps are timed.** Whether helpers pay at all depends on what else the machine runs: a
/// world brackets each step with `beginStep()` and `endStep(startedAt:)`, and the pool's
/// `HelperGovernor` compares steps with helpers and without, and runs the faster mode (steps
/// that overlap, from worlds sharing the pool, are not timed). Before the helpers run where
/// they did not, it asks whether a processor is free for them (`processorFree`), so it neither
/// begins with helpers nor probes them on a machine whose other programs hold every core.
///
/// One caller at a time: a call that finds the pool busy (another world stepping with the same
/// workers, or a chunk that splits again) runs its iterations in order on the calling thread,
/// which gives the same bits.
final class WorkerPool: Sendable {
    /// How many threads besides the caller's.
    let helpers: Int
    private let state: WorkerPoolState
    /// Whether a call is running, and the callers' record of stalled helpers.
    private let caller: Mutex<CallerState>

    private struct CallerState {
        var busy = false
        var stalls: HelperStalls
        /// nil: the helpers take part in every step (`StepWorkers.HelperPolicy.always`).
        var governor: HelperGovernor?
        /// Steps begun and not ended, and whether two of them overlapped since none was open.
        var openSteps = 0
        var overlapped = false
        /// Whether a call since the step began had work for more than one thread: a step
        /// without one runs the same in both modes and tells the governor nothing.
        var split = false
        /// How long the caller waited for helpers since the step began.
        var waited: UInt64 = 0

        var helpersTakePart: Bool { governor?.helpersTakePart ?? true }
    }

    /// How long a helper keeps looking for work after its last iteration before it sleeps.
    /// With claiming, a sleeping helper no longer delays a call (the caller takes its
    /// iteration), so this only needs to span the gaps within and between frames.
    static let idleNanoseconds: UInt64 = 2_000_000

    /// `stalls` sets when the pool counts its helpers stalled (tests make one stall enough), and
    /// `governor` how it chooses between steps with helpers and without (nil: helpers in every
    /// step, whatever the clock says).
    init(helpers: Int, stalls: HelperStalls = HelperStalls(), governor: HelperGovernor? = HelperGovernor()) {
        self.helpers = helpers
        caller = Mutex(CallerState(stalls: stalls, governor: governor))
        state = WorkerPoolState(helpers: helpers)
        for index in 0..<helpers {
            let state = state
            DispatchQueue(label: "tether.step-worker.\(index + 1)").async { state.serve(helper: index) }
        }
    }

    deinit { state.stop() }

    /// Runs `body(i)` for every i in `0..<iterations` (at most `helpers + 1`), on as many threads
    /// as are ready, and returns when all have finished.
    func perform(iterations: Int, _ body: (Int) -> Void) {
        performReportingWaits(iterations: iterations) { i in
            body(i)
            return 0
        }
    }

    /// `perform`, for bodies that wait for other threads themselves (the waves of
    /// `StepWorkers.forEachChunkInWaves`): `body` returns how long it waited, in nanoseconds
    /// (`SpinWait.slowNanoseconds`), and the caller's waits count towards a stall.
    func performReportingWaits(iterations: Int, _ body: (Int) -> UInt64) {
        precondition(iterations <= helpers + 1, "more iterations than threads")
        let started = iterations > 1 ? SpinWait.now() : 0
        let claimed = caller.withLock { caller -> Bool in
            if iterations > 1 { caller.split = true }
            if caller.busy || !caller.helpersTakePart { return false }
            caller.busy = true
            return true
        }
        guard claimed, iterations > 1 else {
            for i in 0..<iterations { _ = body(i) }
            if claimed { caller.withLock { $0.busy = false } }
            return
        }
        var waited: UInt64 = 0
        withoutActuallyEscaping(body) { body in
            state.publish(WorkerPoolJob(iterations: iterations, body: body))
            waited = body(0)
            for i in 1..<iterations where state.claim(i) {
                _ = body(i)
                state.finished.wrappingAdd(1, ordering: .releasing)
            }
            waited &+= state.close(iterations: iterations)
        }
        let ended = SpinWait.now()
        caller.withLock { caller in
            if caller.stalls.record(elapsed: ended &- started, waited: waited, at: ended) {
                caller.governor?.helpersStalled()
            }
            caller.waited &+= waited
            caller.busy = false
        }
    }

    /// How many calls found a helper stalled so far.
    var stallCount: Int { caller.withLock { $0.stalls.stalls } }

    /// The governor as it stands (for tests and diagnostics).
    var governor: HelperGovernor? { caller.withLock { $0.governor } }

    /// Marks the start of a world's step; returns the time to hand to `endStep(startedAt:)`.
    func beginStep() -> UInt64 {
        caller.withLock { caller in
            caller.governor?.begin(processorFree: processorFree)
            if caller.openSteps > 0 { caller.overlapped = true }
            caller.openSteps += 1
            caller.split = false
            caller.waited = 0
        }
        return SpinWait.now()
    }

    /// Marks the end of a step begun at `started`: the governor learns its time unless another
    /// step overlapped it or no call of the step had work for the helpers.
    func endStep(startedAt started: UInt64) {
        let ended = SpinWait.now()
        caller.withLock { caller in
            caller.openSteps -= 1
            if !caller.overlapped && caller.split {
                caller.governor?.record(
                    stepNanoseconds: ended &- started, waited: caller.waited, processorFree: processorFree)
            }
            if caller.openSteps == 0 { caller.overlapped = false }
        }
    }

    /// Marks the step under way as one with work for more than one thread (so the governor times
    /// it) and returns whether the helpers take part in it. A stage that splits only when they
    /// do can then take its one-thread path while the caller runs alone: the same bits without
    /// the chunks' overhead. The answer holds for the rest of the step (the helpers join only
    /// at a step's end, when the governor learns its time).
    func splitStep() -> Bool {
        caller.withLock { caller in
            caller.split = true
            return caller.helpersTakePart
        }
    }

    /// Whether a processor is free for a helper: the machine's runnable threads, less the
    /// caller and the helpers that are awake (spinning counts as runnable), leave one of the
    /// online processors idle. True where the system cannot say (`ProcessorLoad.isMeasurable`).
    private func processorFree() -> Bool {
        guard let runnable = ProcessorLoad.runnableThreads() else { return true }
        let others = runnable - 1 - state.awakeHelpers
        return ProcessorLoad.onlineProcessors() - 1 - others >= 1
    }
}

/// One call's work as the helpers see it.
struct WorkerPoolJob: @unchecked Sendable {
    var iterations: Int
    var body: (Int) -> UInt64
}

/// What the caller and the helpers share.
///
/// The caller writes the job and resets the claims, then bumps `generation` and raises `open`
/// (sequentially consistent). A helper that sees a new generation counts itself `entered`, and
/// touches the job only if `open` is up and the generation is still the one it saw; it counts
/// itself out when done. To end a call the caller waits for every claimed iteration to finish,
/// lowers `open`, and waits until no helper is inside: a helper that enters later finds `open`
/// down (or a newer generation) and leaves the job alone. So the caller waits only for helpers
/// that are running an iteration, never for one that is asleep or has no processor, and the
/// job's closure outlives every use.
private final class WorkerPoolState: @unchecked Sendable {
    let generation = Atomic<Int>(0)
    let open = Atomic<Bool>(false)
    let entered = Atomic<Int>(0)
    /// Iterations of the current call that have finished (the caller's first included).
    let finished = Atomic<Int>(0)
    let stopping = Atomic<Bool>(false)
    /// One flag per iteration: set by the thread that runs it.
    let claimed: UnsafeMutablePointer<Atomic<Bool>>
    /// One flag per helper: set while it sleeps (or is about to) on its semaphore.
    let sleeping: UnsafeMutablePointer<Atomic<Bool>>
    let wakeUps: [DispatchSemaphore]
    nonisolated(unsafe) var job: WorkerPoolJob?
    let helpers: Int

    init(helpers: Int) {
        self.helpers = helpers
        claimed = .allocate(capacity: helpers + 1)
        for k in 0...helpers { (claimed + k).initialize(to: Atomic(false)) }
        sleeping = .allocate(capacity: max(helpers, 1))
        for k in 0..<max(helpers, 1) { (sleeping + k).initialize(to: Atomic(false)) }
        wakeUps = (0..<helpers).map { _ in DispatchSemaphore(value: 0) }
    }

    deinit {
        claimed.deinitialize(count: helpers + 1)
        claimed.deallocate()
        sleeping.deinitialize(count: max(helpers, 1))
        sleeping.deallocate()
    }

    /// How many helpers are not asleep on their semaphores (an instant's count).
    var awakeHelpers: Int {
        (0..<helpers).reduce(0) { count, k in sleeping[k].load(ordering: .relaxed) ? count : count + 1 }
    }

    /// Opens a call: iteration 0 is the caller's, the others wait for a claim.
    func publish(_ next: WorkerPoolJob) {
        job = next
        claimed[0].store(true, ordering: .relaxed)
        for k in 1...helpers { claimed[k].store(false, ordering: .relaxed) }
        finished.store(1, ordering: .relaxed)  // the caller's iteration 0, counted in advance
        generation.wrappingAdd(1, ordering: .sequentiallyConsistent)
        open.store(true, ordering: .sequentiallyConsistent)
        for helper in 0..<(next.iterations - 1) { wake(helper) }
    }

    /// Whether this call claimed iteration `k` (false: another thread has).
    func claim(_ k: Int) -> Bool {
        if claimed[k].load(ordering: .relaxed) { return false }
        return claimed[k].compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }

    /// Ends a call: waits for the iterations helpers claimed, closes the job to late helpers and
    /// waits for those inside to leave, then drops the pool's reference to the closure, which
    /// `withoutActuallyEscaping` checks has not escaped when `perform` returns. Returns how long
    /// the caller waited for the helpers' iterations.
    func close(iterations: Int) -> UInt64 {
        var wait = SpinWait()
        wait.until { finished.load(ordering: .acquiring) >= iterations }
        open.store(false, ordering: .sequentiallyConsistent)
        var leave = SpinWait()
        leave.until { entered.load(ordering: .sequentiallyConsistent) == 0 }
        job = nil
        return wait.slowNanoseconds
    }

    func stop() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        generation.wrappingAdd(1, ordering: .sequentiallyConsistent)
        for helper in 0..<helpers { wake(helper) }
    }

    /// Wakes `helper` if it sleeps. Its flag is taken with an exchange, so exactly one of the
    /// helper (finding work after it raised the flag) and this call lowers it, and a signal is
    /// sent only when the helper will wait for it.
    private func wake(_ helper: Int) {
        if sleeping[helper].exchange(false, ordering: .sequentiallyConsistent) {
            wakeUps[helper].signal()
        }
    }

    /// A helper's life: wait for a new generation, take its iteration if the call still has it
    /// unclaimed; until the pool stops.
    func serve(helper: Int) {
        var seen = 0
        while true {
            let current = awaitGeneration(after: seen, helper: helper)
            seen = current
            if stopping.load(ordering: .acquiring) { return }
            entered.wrappingAdd(1, ordering: .sequentiallyConsistent)
            if open.load(ordering: .sequentiallyConsistent) && generation.load(ordering: .sequentiallyConsistent) == current {
                runIteration(helper: helper)
            }
            entered.wrappingSubtract(1, ordering: .sequentiallyConsistent)
        }
    }

    /// Runs the helper's iteration of the job if it has one and claims it. A function of its own
    /// so that the helper's copy of the job (and of its closure) is gone before the helper
    /// counts itself out: the caller then drops the job and `withoutActuallyEscaping` checks the
    /// closure.
    @inline(never)
    private func runIteration(helper: Int) {
        guard let job, helper + 1 < job.iterations, claim(helper + 1) else { return }
        _ = job.body(helper + 1)
        finished.wrappingAdd(1, ordering: .releasing)
    }

    /// Waits until the generation moves past `seen`: 64 plain polls, then polls with a yield
    /// between them, and after `WorkerPool.idleNanoseconds` without work, sleep until woken.
    private func awaitGeneration(after seen: Int, helper: Int) -> Int {
        var polls = 0
        var idleSince: UInt64 = 0
        while true {
            let current = generation.load(ordering: .acquiring)
            if current != seen { return current }
            polls += 1
            guard polls >= 64 else { continue }
            Scheduling.yield()
            guard polls % 16 == 0 else { continue }
            let now = DispatchTime.now().uptimeNanoseconds
            if idleSince == 0 {
                idleSince = now
            } else if now - idleSince > WorkerPool.idleNanoseconds {
                sleep(helper: helper, seen: seen)
                idleSince = 0
                polls = 0
            }
        }
    }

    /// Raises the helper's flag and sleeps unless a new generation came in the meantime.
    private func sleep(helper: Int, seen: Int) {
        sleeping[helper].store(true, ordering: .sequentiallyConsistent)
        if generation.load(ordering: .sequentiallyConsistent) == seen {
            wakeUps[helper].wait()
        } else if !sleeping[helper].exchange(false, ordering: .sequentiallyConsistent) {
            // The caller lowered the flag first and sent a signal: take it, so the semaphore
            // does not wake the next sleep early.
            wakeUps[helper].wait()
        }
    }
}
