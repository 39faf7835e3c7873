/// The solve plan's storage opened for one pass: its entries (an entry `k ≥ 0` is `quads[k]`,
/// `k < 0` is constraint `~k`), the quads, the rows and the bodies, as raw buffers so that
/// chunks of one color can run on several threads. An entry writes only its own quad or rows and
/// its movable bodies' velocities, and the entries of one color share no movable body, so the
/// chunks of a color touch disjoint memory. Valid only while `ContactSolvePlan.runPass` holds
/// the buffers open.
struct ContactSolveRows {
    let entries: UnsafeBufferPointer<Int32>
    let quads: UnsafeMutableBufferPointer<ContactRowQuad>
    /// Each quad's rows in `constraints` (for the one-at-a-time fallback).
    let quadRows: UnsafeBufferPointer<ContactRowQuad.Rows>
    let constraints: UnsafeMutableBufferPointer<ContactConstraint>
    let bodies: UnsafeMutableBufferPointer<BodyState>
    /// The bodies' motions since the step began, which the relax pass aims the quads by.
    let motions: UnsafeBufferPointer<BodyMotion>

    /// Runs `stage` over `entries[range]`, in order.
    @inline(__always)
    func run(_ stage: ContactSolvePlan.Stage, _ range: Range<Int>, inverseH: Double) {
        switch stage {
        case .warmStart: warmStart(range)
        case .solve: solveWithBias(range, inverseH: inverseH)
        case .relax: relax(range, inverseH: inverseH)
        }
    }

    /// The solve pass, a function of its own as the relax pass is: inlined into one caller
    /// together, the optimizer gave up on the single rows' locals (a run-time exclusivity check
    /// per row, 1.3 % more instructions on the pile). The quads' targets are those of the
    /// current poses: aimed as each quad was laid out for the step's first solve pass, and by
    /// the relax pass before it for the others (positions move only between a solve pass and
    /// its relax pass).
    @inline(never)
    private func solveWithBias(_ range: Range<Int>, inverseH: Double) {
        solve(range, inverseH: inverseH, useBias: true)
    }

    /// The relax pass, a block of entries at a time: first the block's quads' targets
    /// (`ContactRowQuad.aim`, poses only; the pass moves no position, so aiming early changes
    /// nothing), then its rows. Aiming and solving stay separate loops (together they hold too
    /// many values at once), but a block's quads are still in the first-level cache when the
    /// solve reads them: aiming the whole range first streamed every quad from memory twice.
    @inline(never)
    private func relax(_ range: Range<Int>, inverseH: Double) {
        var start = range.lowerBound
        while start < range.upperBound {
            let block = start..<min(start + Self.relaxBlock, range.upperBound)
            for entry in entries[block] where entry >= 0 {
                quads[Int(entry)].aim(motions, inverseH: inverseH)
            }
            solve(block, inverseH: inverseH, useBias: false)
            start = block.upperBound
        }
    }

    /// Entries per block of the relax pass: their quads (under a kilobyte each) fit in the
    /// first-level data cache with room for the bodies.
    static let relaxBlock = 16

    /// Applies the rows' accumulated impulses (warm starting).
    @inline(never)
    private func warmStart(_ range: Range<Int>) {
        for entry in entries[range] {
            if entry >= 0 {
                quads[Int(entry)].warmStart(bodies)
            } else {
                constraints[Int(~entry)].warmStart(bodies)
            }
        }
    }

    /// One pass over the rows; `useBias` is a constant at each call, so the solve and relax
    /// passes each get their own copy of the loop.
    @inline(__always)
    private func solve(_ range: Range<Int>, inverseH: Double, useBias: Bool) {
        for entry in entries[range] {
            if entry >= 0 {
                let k = Int(entry)
                if !quads[k].solve(bodies, useBias: useBias) {
                    // A lane's block problem had no solution: the four rows one at a time.
                    let rows = quadRows[k]
                    quads[k].store(rows, into: constraints)
                    for lane in 0..<4 {
                        constraints[Int(rows[lane])].solveOnItsOwn(bodies, inverseH: inverseH, useBias: useBias)
                    }
                    quads[k].load(rows, from: constraints)
                }
            } else {
                constraints[Int(~entry)].solveOnItsOwn(bodies, inverseH: inverseH, useBias: useBias)
            }
        }
    }
}

extension ContactConstraint {
    /// `solve` for a row on its own in a pass, with `useBias` a constant at each call: one copy
    /// of the row's solve for the solve pass and one for the relax pass, each without the other's
    /// work (compiled once with `useBias` an argument, every row tested it at run time).
    @inline(__always)
    fileprivate mutating func solveOnItsOwn(
        _ bodies: UnsafeMutableBufferPointer<BodyState>, inverseH: Double, useBias: Bool
    ) {
        if useBias { solveWithBias(bodies, inverseH: inverseH) } else { relax(bodies, inverseH: inverseH) }
    }

    @inline(never)
    private mutating func solveWithBias(_ bodies: UnsafeMutableBufferPointer<BodyState>, inverseH: Double) {
        solve(bodies, inverseH: inverseH, useBias: true)
    }

    @inline(never)
    private mutating func relax(_ bodies: UnsafeMutableBufferPointer<BodyState>, inverseH: Double) {
        solve(bodies, inverseH: inverseH, useBias: false)
    }
}
