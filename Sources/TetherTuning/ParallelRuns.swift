import Foundation

/// Runs independent pieces of work (replays) on a few threads and gathers the results in input
/// order, so what the caller sees does not depend on how many threads ran them or which
/// finished first. Shared by `sweep`, `tune` and `fit`.
public enum ParallelRuns {
    /// `body(item)` for every item of `items` with `jobs` threads; the result is aligned with
    /// `items`. `progress(done)` is called after each run, one call at a time. On failure,
    /// throws the error of the first failing item in `items` order (the same one for every
    /// `jobs`): items are claimed in order, so when any run fails every earlier one has been
    /// claimed and is finished before this returns.
    public static func map<Item: Sendable, Outcome: Sendable, Failure: Error>(
        _ items: [Item], jobs: Int = 1, progress: (@Sendable (_ done: Int) -> Void)? = nil,
        _ body: @escaping @Sendable (_ item: Item) throws(Failure) -> Outcome
    ) throws(Failure) -> [Outcome] {
        let workers = max(1, min(jobs, items.count))
        let state = RunState<Outcome, Failure>(count: items.count)
        let work: @Sendable (Int) -> Void = { _ in
            while let position = state.claim() {
                let outcome: Result<Outcome, Failure>
                do throws(Failure) {
                    outcome = .success(try body(items[position]))
                } catch {
                    outcome = .failure(error)
                }
                state.finish(position, outcome, progress: progress)
            }
        }
        if workers == 1 {
            work(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: workers, execute: work)
        }
        return try state.collected()
    }
}

/// The shared state of one `ParallelRuns.map`: the next position to claim, the results by
/// position, the earliest failure. Every access holds the lock.
private final class RunState<Outcome: Sendable, Failure: Error>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var done = 0
    private var results: [Outcome?]
    private var failure: (position: Int, error: Failure)?

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    /// The next position to run, or nil when all are claimed or a run failed.
    func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard failure == nil, next < results.count else { return nil }
        next += 1
        return next - 1
    }

    func finish(_ position: Int, _ outcome: Result<Outcome, Failure>, progress: (@Sendable (Int) -> Void)?) {
        lock.lock()
        defer { lock.unlock() }
        switch outcome {
        case .success(let value):
            results[position] = value
            done += 1
            progress?(done)
        case .failure(let error):
            if failure == nil || position < failure!.position { failure = (position, error) }
        }
    }

    func collected() throws(Failure) -> [Outcome] {
        lock.lock()
        defer { lock.unlock() }
        if let failure { throw failure.error }
        return results.map { $0! }
    }
}
