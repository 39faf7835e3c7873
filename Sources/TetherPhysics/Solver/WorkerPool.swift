import Dispatch
import Synchronization
import TetherPlatform

/// The threads behind `StepWorkers`: `helpers` threads of its own that stay awake between the
/// stages of a step, so a hand-off costs what a shared counter costs, not a thread's wake-up.
///
/// Why not Dispatch's `concurrentPerform`: on this kind of machine (a shared 2-core virtual
/// machine) a pool thread that went idle takes some 50–100 µs to wake up, as long as a whole
/// chunk of a springs-10k step, so two threads ran no faster than one. A helper here spins on
/// the pool's generation counter (yielding now and then) for up to `spinNanoseconds` after its
/// last chunk before it sleeps on its semaphore, so the stages of a step and the steps of
/// consecutive frames find it awake. 5 ms outlasts what a frame does besides stepping (writing
/// its rows included); with 200 µs a helper sometimes fell asleep between frames, and two threads
/// ran springs-10k 1.10 times as fast as one instead of 1.29.
///
/// `perform(iterations:_:)` runs iteration 0 on the calling thread and iteration i on helper
/// i − 1: which thread runs an iteration is fixed, and nothing about timing reaches what the
/// iterations compute. One caller at a time: a call that finds the pool busy (another world
/// stepping with the same workers, or a chunk that splits again) runs its iterations in order on
/// the calling thread, which gives the same bits.
final class WorkerPool: Sendable {
    /// How many threads besides the caller's.
    let helpers: Int
    private let state: WorkerPoolState
    private let busy = Mutex(false)

    /// How long a helper keeps looking for work after its last chunk before it sleeps.
    static let spinNanoseconds: UInt64 = 5_000_000

    init(helpers: Int) {
        self.helpers = helpers
        state = WorkerPoolState(helpers: helpers)
        for index in 0..<helpers {
            let state = state
            DispatchQueue(label: "tether.step-worker.\(index + 1)").async { state.serve(helper: index) }
        }
    }

    deinit { state.stop() }

    /// Runs `body(i)` for every i in `0..<iterations` (at most `helpers + 1`) at the same time
    /// and returns when all have finished.
    func perform(iterations: Int, _ body: (Int) -> Void) {
        precondition(iterations <= helpers + 1, "more iterations than threads")
        let claimed = busy.withLock { taken -> Bool in
            if taken { return false }
            taken = true
            return true
        }
        guard claimed, iterations > 1 else {
            for i in 0..<iterations { body(i) }
            if claimed { busy.withLock { $0 = false } }
            return
        }
        withoutActuallyEscaping(body) { body in
            state.publish(WorkerPoolJob(iterations: iterations, body: body))
            body(0)
            state.waitForHelpers()
            state.retire()
        }
        busy.withLock { $0 = false }
    }
}

/// One call's work as the helpers see it.
struct WorkerPoolJob: @unchecked Sendable {
    var iterations: Int
    var body: (Int) -> Void
}

/// What the caller and the helpers share. The job is written by the caller before it bumps
/// `generation` (a release) and read by a helper after it sees the new generation (an acquire).
/// Every helper counts itself `done` for every generation, with an iteration to run or not, and
/// the caller waits for all of them: so no helper still reads a job when the next is written, and
/// the job's closure outlives every use.
private final class WorkerPoolState: @unchecked Sendable {
    let generation = Atomic<Int>(0)
    let done = Atomic<Int>(0)
    let stopping = Atomic<Bool>(false)
    /// One flag per helper: set while it sleeps (or is about to) on its semaphore.
    let sleeping: UnsafeMutablePointer<Atomic<Bool>>
    let wakeUps: [DispatchSemaphore]
    nonisolated(unsafe) var job: WorkerPoolJob?
    let helpers: Int

    init(helpers: Int) {
        self.helpers = helpers
        sleeping = .allocate(capacity: max(helpers, 1))
        for k in 0..<max(helpers, 1) { (sleeping + k).initialize(to: Atomic(false)) }
        wakeUps = (0..<helpers).map { _ in DispatchSemaphore(value: 0) }
    }

    deinit {
        sleeping.deinitialize(count: max(helpers, 1))
        sleeping.deallocate()
    }

    func publish(_ next: WorkerPoolJob) {
        job = next
        done.store(0, ordering: .relaxed)
        generation.wrappingAdd(1, ordering: .sequentiallyConsistent)
        for helper in 0..<helpers { wake(helper) }
    }

    /// The job is over: drops the pool's reference to its closure, which
    /// `withoutActuallyEscaping` checks has not escaped when `perform` returns.
    func retire() { job = nil }

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

    /// Spins until every helper has finished with the job.
    func waitForHelpers() {
        var spins = 0
        while done.load(ordering: .acquiring) < helpers {
            spins += 1
            if spins == 64 {
                spins = 0
                Scheduling.yield()
            }
        }
    }

    /// A helper's life: wait for a new generation, run its iteration if the job has one for it,
    /// count itself done either way; until the pool stops.
    func serve(helper: Int) {
        var seen = 0
        while true {
            let current = awaitGeneration(after: seen, helper: helper)
            seen = current
            if stopping.load(ordering: .acquiring) { return }
            runIteration(helper: helper)
            done.wrappingAdd(1, ordering: .releasing)
        }
    }

    /// Runs the helper's iteration of the job, if it has one. A function of its own so that the
    /// helper's copy of the job (and of its closure) is gone before the helper counts itself
    /// done: the caller then retires the job and `withoutActuallyEscaping` checks the closure.
    @inline(never)
    private func runIteration(helper: Int) {
        if let job, helper + 1 < job.iterations { job.body(helper + 1) }
    }

    /// Spins (yielding now and then) until the generation moves past `seen`; after
    /// `WorkerPool.spinNanoseconds` without work, sleeps until woken.
    private func awaitGeneration(after seen: Int, helper: Int) -> Int {
        var spins = 0
        var idleSince: UInt64 = 0
        while true {
            let current = generation.load(ordering: .acquiring)
            if current != seen { return current }
            spins += 1
            guard spins == 64 else { continue }
            spins = 0
            Scheduling.yield()
            let now = DispatchTime.now().uptimeNanoseconds
            if idleSince == 0 {
                idleSince = now
            } else if now - idleSince > WorkerPool.spinNanoseconds {
                sleep(helper: helper, seen: seen)
                idleSince = 0
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
