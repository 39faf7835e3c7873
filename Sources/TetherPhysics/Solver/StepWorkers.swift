/// A deterministic parallel-for for the solver's stages: `forEachChunk(count:_:)` splits
/// `0..<count` into fixed, contiguous chunks and runs them on up to `threads` threads.
///
/// The split depends only on `count`, `threads` and `minimumChunk`, never on timing, and each
/// chunk runs its indices in ascending order, so a stage whose items are independent (each index
/// writes only its own data) gives the same bits for every thread count. Anything the chunks
/// reduce (a maximum, a sum) is returned per chunk, for the caller to combine in chunk order.
///
/// Work smaller than two `minimumChunk`s stays on the calling thread: handing a chunk to
/// another thread costs microseconds, which a small scene would notice.
///
/// The threads are a `WorkerPool` of `threads − 1` helpers made with the value and shared by its
/// copies; they stay awake between the stages of a step (and between steps), so a hand-off costs
/// about what a shared counter costs, and they end when the last copy goes. Two values are equal
/// when they split work the same way, whatever their pools.
public struct StepWorkers: Sendable, Hashable {
    /// How many chunks a large stage is split into (at least 1).
    public let threads: Int
    /// The fewest items a chunk holds: below `2 × minimumChunk` items a stage runs in one chunk.
    public let minimumChunk: Int
    /// The same floor for the contact solver's colors (`forEachChunkInWaves`): a row costs some
    /// fifty times what a body's integration does, so far fewer make a chunk worth handing off.
    public let minimumRowChunk: Int
    /// The helpers (nil for one thread).
    let pool: WorkerPool?

    /// The default split floor: about 2 000 bodies take some 20 µs per substep, well above the
    /// cost of waking a thread.
    public static let defaultMinimumChunk = 2048

    /// Everything on the calling thread.
    public static let serial = StepWorkers(threads: 1)

    /// The default floor for contact rows: a few microseconds of solving per chunk.
    public static let defaultMinimumRowChunk = 48

    /// The floor for the contact stages that run once per step with a hand-off of their own (the
    /// narrow phase, the rows' preparation): a chunk there must pay for waking a sleeping
    /// thread, not only for the hand-over between colors of a running pass, so it is 8 times
    /// `minimumRowChunk` (a pile of 250 boxes, some 500 candidate pairs, stays on one thread).
    var minimumStageChunk: Int { 8 * minimumRowChunk }

    /// The same floor for laying out the contact quads (`ContactSolvePlan.layOutQuads`): a quad
    /// lays out four rows, so a quarter as many quads make a chunk (with the rows' floor,
    /// `pile-1000`'s 465 quads stayed on one thread).
    var minimumQuadChunk: Int { minimumStageChunk / 4 }

    /// The floor for bodies integrated within a run of waves (`ContactSolvePlan.runSubsteps`):
    /// there a chunk pays only for a wait at the wave's end, not for a hand-off, so a few
    /// hundred bodies are worth splitting (a body's integration costs some 5 ns, and
    /// `minimumChunk`'s 2 048 bodies pay for waking a thread).
    var minimumBodyWaveChunk: Int { 8 * minimumRowChunk }

    /// When the helpers take part in a step.
    public enum HelperPolicy: Sendable {
        /// When they measure faster than the caller alone and a processor is free for them
        /// (`HelperGovernor`): the default, for runs and benchmarks.
        case adaptive
        /// In every step that splits, whatever the clock and the machine's load say: for tests
        /// that must run the threaded paths every time, on a loaded machine too.
        case always
    }

    public init(
        threads: Int, minimumChunk: Int = StepWorkers.defaultMinimumChunk,
        minimumRowChunk: Int = StepWorkers.defaultMinimumRowChunk, helpers: HelperPolicy = .adaptive
    ) {
        self.init(
            threads: threads, minimumChunk: minimumChunk, minimumRowChunk: minimumRowChunk,
            governor: helpers == .adaptive ? HelperGovernor() : nil)
    }

    /// Workers whose pool is governed by `governor` (nil: helpers in every step).
    init(threads: Int, minimumChunk: Int, minimumRowChunk: Int, governor: HelperGovernor?) {
        precondition(
            threads >= 1 && minimumChunk >= 1 && minimumRowChunk >= 1,
            "StepWorkers needs at least one thread and one item per chunk")
        self.threads = threads
        self.minimumChunk = minimumChunk
        self.minimumRowChunk = minimumRowChunk
        pool = threads > 1 ? WorkerPool(helpers: threads - 1, governor: governor) : nil
    }

    public static func == (a: StepWorkers, b: StepWorkers) -> Bool {
        a.threads == b.threads && a.minimumChunk == b.minimumChunk && a.minimumRowChunk == b.minimumRowChunk
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(threads)
        hasher.combine(minimumChunk)
        hasher.combine(minimumRowChunk)
    }

    /// Marks the start of a world's step for the pool's governor (`WorkerPool.beginStep`);
    /// nil for one thread. Hand the result to `endStep`.
    func beginStep() -> UInt64? { pool?.beginStep() }

    /// Marks the end of the step `beginStep` began.
    func endStep(_ started: UInt64?) {
        if let pool, let started { pool.endStep(startedAt: started) }
    }

    /// What the helpers did so far: how many of the steps that had work for them they took
    /// part in, how often they stalled and how many probes found no processor free. Nil with
    /// one thread, and with `HelperPolicy.always` (no governor).
    public var helperReport: HelperReport? {
        guard let pool, let governor = pool.governor else { return nil }
        return HelperReport(
            stepsWithHelpers: governor.stepsWithHelpers, stepsAlone: governor.stepsAlone, stalls: pool.stallCount,
            switches: governor.switches, probesPassed: governor.probesPassed)
    }

    /// Marks the step under way as one with work for several threads and returns whether the
    /// helpers take part in it (`WorkerPool.splitStep`); false with one thread.
    func splitStep() -> Bool { pool?.splitStep() ?? false }

    /// Runs `body(i)` for `i` in `0..<iterations` (at most `threads`), i = 0 on this thread.
    func perform(iterations: Int, _ body: (Int) -> Void) {
        guard let pool, iterations > 1 else {
            for i in 0..<iterations { body(i) }
            return
        }
        pool.perform(iterations: iterations, body)
    }

    /// `perform` for bodies that report how long they waited for other threads
    /// (`WorkerPool.performReportingWaits`).
    func performReportingWaits(iterations: Int, _ body: (Int) -> UInt64) {
        guard let pool, iterations > 1 else {
            for i in 0..<iterations { _ = body(i) }
            return
        }
        pool.performReportingWaits(iterations: iterations, body)
    }

    /// How many chunks `count` items are split into.
    public func chunkCount(_ count: Int) -> Int {
        chunkCount(count, minimum: minimumChunk)
    }

    /// How many chunks `count` items are split into when a chunk holds at least `minimum`.
    func chunkCount(_ count: Int, minimum: Int) -> Int {
        max(1, min(threads, count / minimum))
    }

    /// The items of chunk `chunk` of `chunks`: contiguous, in order, sizes differing by at most one.
    public static func range(ofChunk chunk: Int, of chunks: Int, count: Int) -> Range<Int> {
        (chunk * count / chunks)..<((chunk + 1) * count / chunks)
    }

    /// Runs `body(range)` for every chunk of `0..<count`. Chunks may run at the same time:
    /// `body` must write only its own range's data (and read only what no chunk writes).
    /// `minimum` replaces `minimumChunk` for stages whose items cost more than a body's
    /// integration (the contact rows and quads: `minimumRowChunk`).
    public func forEachChunk(count: Int, minimum: Int? = nil, _ body: (Range<Int>) -> Void) {
        run(chunks: chunkCount(count, minimum: minimum ?? minimumChunk), count: count) { _, range in body(range) }
    }

    /// Runs `body(range)` for every chunk as `forEachChunk` does and combines what the chunks
    /// returned in chunk order, whatever order they finished in.
    public func reduceChunks<Result>(
        count: Int, minimum: Int? = nil, _ body: (Range<Int>) -> Result, combine: (Result, Result) -> Result
    ) -> Result {
        let chunks = chunkCount(count, minimum: minimum ?? minimumChunk)
        if chunks == 1 { return body(0..<count) }
        let results = [Result](unsafeUninitializedCapacity: chunks) { buffer, initialized in
            let slots = buffer.baseAddress!
            run(chunks: chunks, count: count) { chunk, range in (slots + chunk).initialize(to: body(range)) }
            initialized = chunks
        }
        return results.dropFirst().reduce(results[0], combine)
    }

    /// Runs `body(chunk, range)` for each of `chunks` chunks: on this thread when there is one,
    /// chunk k on thread k otherwise.
    private func run(chunks: Int, count: Int, _ body: (Int, Range<Int>) -> Void) {
        if chunks == 1 { return body(0, 0..<count) }
        perform(iterations: chunks) { chunk in body(chunk, Self.range(ofChunk: chunk, of: chunks, count: count)) }
    }
}
