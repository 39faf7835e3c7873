/// The contact rows of one step, arranged for solving: in graph-color order, with quads of
/// same-color rows of one kind (`ContactConstraint.Grouping`) laid out lane by lane in single
/// precision (`ContactRowQuad`) and every other row on its own (`ContactConstraint`, double):
/// the rows of a color that do not fill a quad of their kind, and the overflow rows, which may
/// share bodies and stay one at a time in order. Rows of one color are independent, so the
/// order within a color changes nothing; which rows make a quad depends only on the rows, never
/// on the threads.
///
/// While a step runs, a quad's rows' impulses live in the quad; `storeImpulses` hands them
/// back to the contacts to warm start the next step, or to the constraints for restitution.
/// The arrays are kept from step to step to reuse their storage.
struct ContactSolvePlan: Sendable {
    /// The rows of the step, in graph-color order (filled in place by `prepare`).
    private var constraints: [ContactConstraint] = []
    /// The rows' solve order, kept from step to step (at rest it is not worked out again). Its
    /// `order` also names each row's contact, 4 bytes a row: storing the impulses reads those
    /// instead of a cache line of the row itself.
    private(set) var coloring = ContactGraphColoring()
    /// Solve order: an entry `k ≥ 0` is `quads[k]`, an entry `k < 0` is constraint `~k`.
    private(set) var entries: [Int32] = []
    private(set) var quads: [ContactRowQuad] = []
    /// The rows each quad takes (`quads[k]` holds rows `quadRows[k]`).
    private(set) var quadRows: [ContactRowQuad.Rows] = []
    /// Each row's kind this step (`ContactConstraint.grouping`, or `.alone` when rows are not
    /// grouped), in constraint order, written as `prepare` fills the row.
    private var kinds: [ContactConstraint.Grouping] = []
    /// The kinds `entries` and `quadRows` were arranged from.
    private var arrangedKinds: [ContactConstraint.Grouping] = []
    /// The bodies' motions since the step began, which the quads' separations follow from.
    private var motions = BodyMotions()
    /// The rows that may still bounce, in constraint order (see `storeImpulses`).
    private var bouncing: [Int] = []
    /// Per row, whether storing its impulses left it to bounce: written by the chunk that
    /// stores the row, read in row order to list `bouncing` (so chunks need no shared list).
    private var bounces: [Bool] = []
    /// Whether the last substep's relax pass already stored the impulses (`runSubsteps`).
    private var impulsesStored = false
    /// Where each color's entries begin, then where the overflow's begin, then the entry count.
    private(set) var entryColorStarts: [Int] = []
    /// The chunks of the warm start and solve (one hand-off) and of the relax pass, when the
    /// step's workers split the colors; empty when every pass runs on the calling thread.
    private(set) var passChunks: [WaveChunk] = []
    private(set) var relaxChunks: [WaveChunk] = []
    /// The chunks of a whole step's substeps as one run of waves (`runSubsteps`), listed anew
    /// each step that uses them.
    private(set) var substepChunks: [WaveChunk] = []

    /// How many entries a pass runs (quads and rows on their own).
    var entryCount: Int { entries.count }

    /// Builds the step's rows from `contacts` (body slots, masses, rows for the substep length)
    /// in graph-color order (`ContactGraphColoring`), and arranges them: in quads where it can
    /// when `groupsRows`, otherwise every row on its own. The arrangement of the step before is
    /// kept when the colors and every row's kind are those it was made from.
    mutating func prepare(_ context: StepContext, contacts: [Contact], groupsRows: Bool) {
        // Slots as this step's discovery found them.
        func slotPair(_ contact: Contact) -> (Int, Int) { (Int(contact.slotA), Int(contact.slotB)) }
        let properties = context.properties
        func movable(_ slot: Int) -> Int? { properties[slot].isMovable ? slot : nil }
        // Raw storage: the coloring reads every contact's slots once per step.
        contacts.withUnsafeBufferPointer { contacts in
            coloring.colorContacts(count: contacts.count, bodyCount: properties.count) { i in
                let (a, b) = slotPair(contacts[i])
                return (movable(a), movable(b))
            }
        }
        // Rows are filled in place: the array only grows or shrinks to the contact count.
        constraints.resize(to: contacts.count, with: ContactConstraint())
        kinds.resize(to: contacts.count, with: .alone)
        let positions = coloring.positions
        let colorStarts = coloring.colorStarts
        let softnesses = ContactSoftness(h: context.h)
        withConstraints { plan, constraints in
            if !contacts.isEmpty {
                contacts.withUnsafeBufferPointer { contacts in
                    positions.withUnsafeBufferPointer { positions in
                        plan.kinds.withUnsafeMutableBufferPointer { kinds in
                            // The contacts are read in their own order and each row written
                            // where it is solved: read in solve order, every contact was a jump
                            // the processor could not foresee (a pile of 4 000 boxes waited on
                            // memory for a third of this loop). Each row is written by its own
                            // contact alone: chunks of contacts may run at once.
                            let workers = context.workers
                            workers.forEachChunk(count: contacts.count, minimum: workers.minimumStageChunk) { chunk in
                                for index in chunk {
                                    let k = Int(positions[index])
                                    let (a, b) = slotPair(contacts[index])
                                    constraints[k].prepare(
                                        contacts, index: index, slotA: a, slotB: b, context.bodies, properties,
                                        softnesses: softnesses)
                                    kinds[k] = groupsRows ? constraints[k].grouping : .alone
                                }
                            }
                        }
                    }
                }
            }
            // The arrangement follows from the colors and the rows' kinds alone: at rest both
            // stay from step to step, and only the quads' values are laid out again.
            if plan.coloring.isKept && !plan.entryColorStarts.isEmpty && plan.kinds == plan.arrangedKinds {
                plan.layOutQuads(constraints, context)
            } else {
                plan.build(constraints, colorStarts: colorStarts, context: context)
                swap(&plan.kinds, &plan.arrangedKinds)
            }
        }
        listChunks(context.workers)
        if !quads.isEmpty { motions.begin(context) }
        impulsesStored = false
    }

    /// Rows of one kind waiting to fill a quad.
    private struct Waiting {
        var rows = ContactRowQuad.Rows.zero
        var count = 0
    }

    /// The entries and quads `build` writes, row by row, into storage sized for the most a step
    /// can hold. (A value of its own: as counters captured by nested functions, every row paid
    /// for a run-time exclusivity check.)
    private struct Arrangement {
        let entries: UnsafeMutableBufferPointer<Int32>
        let quadRows: UnsafeMutableBufferPointer<ContactRowQuad.Rows>
        var entryCount = 0
        var quadCount = 0

        @inline(__always)
        mutating func append(_ entry: Int32) {
            entries[entryCount] = entry
            entryCount += 1
        }

        /// Row `c` waits for three partners of its kind, or joins the three waiting.
        @inline(__always)
        mutating func group(_ c: Int, with waiting: inout Waiting) {
            if waiting.count < 3 {
                waiting.rows[waiting.count] = Int32(c)
                waiting.count += 1
                return
            }
            waiting.rows[3] = Int32(c)
            append(Int32(quadCount))
            quadRows[quadCount] = waiting.rows
            quadCount += 1
            waiting.count = 0
        }

        /// Rows left waiting at the end of a color go on their own.
        @inline(__always)
        mutating func flush(_ waiting: Waiting) {
            for k in 0..<waiting.count { append(~waiting.rows[k]) }
        }
    }

    private mutating func build(
        _ constraints: UnsafeMutableBufferPointer<ContactConstraint>, colorStarts: [Int], context: StepContext
    ) {
        // The arrays are sized for the most a step can hold (every row an entry, a quarter of
        // the rows quads), written by index and cut to length after: appending checked each array's
        // uniqueness and capacity once per row, as much as the arrangement itself.
        let rowCount = constraints.count
        let kinds = self.kinds
        entries.resize(to: rowCount, with: 0)
        quadRows.resize(to: rowCount / 4, with: .zero)
        var starts: [Int] = []
        swap(&starts, &entryColorStarts)
        starts.removeAll(keepingCapacity: true)
        let (entryCount, quadCount) = entries.withUnsafeMutableBufferPointer { entries in
            quadRows.withUnsafeMutableBufferPointer { quadRows in
                var arrangement = Arrangement(entries: entries, quadRows: quadRows)
                let overflow = colorStarts.count - 2
                for color in 0..<overflow {
                    starts.append(arrangement.entryCount)
                    // The rows of each kind waiting to fill a quad.
                    var waitingTwoPoints = Waiting()
                    var waitingInOrder = Waiting()
                    var waitingOnePoint = Waiting()
                    for c in colorStarts[color]..<colorStarts[color + 1] {
                        switch kinds[c] {
                        case .alone:
                            arrangement.append(~Int32(c))
                        case .twoPoints:
                            arrangement.group(c, with: &waitingTwoPoints)
                        case .twoPointsInOrder:
                            arrangement.group(c, with: &waitingInOrder)
                        case .onePoint:
                            arrangement.group(c, with: &waitingOnePoint)
                        }
                    }
                    arrangement.flush(waitingTwoPoints)
                    arrangement.flush(waitingInOrder)
                    arrangement.flush(waitingOnePoint)
                }
                starts.append(arrangement.entryCount)
                for c in colorStarts[overflow]..<colorStarts[overflow + 1] { arrangement.append(~Int32(c)) }
                starts.append(arrangement.entryCount)
                return (arrangement.entryCount, arrangement.quadCount)
            }
        }
        entries.truncate(to: entryCount)
        quadRows.truncate(to: quadCount)
        entryColorStarts = starts
        layOutQuads(constraints, context)
    }

    /// Builds `quads` from `quadRows`, each in place in the array's storage and aimed at the
    /// step's start (see `ContactRowQuad.lay`), in chunks of quads on the step's workers: each
    /// quad is written by its own index alone and only reads its four rows.
    private mutating func layOutQuads(
        _ constraints: UnsafeMutableBufferPointer<ContactConstraint>, _ context: StepContext
    ) {
        let count = quadRows.count
        let (workers, inverseH) = (context.workers, context.inverseH)
        quadRows.withUnsafeBufferPointer { rows in
            func lay(_ quads: UnsafeMutablePointer<ContactRowQuad>) {
                workers.forEachChunk(count: count, minimum: workers.minimumQuadChunk) { chunk in
                    for k in chunk { ContactRowQuad.lay(quads + k, rows: rows[k], constraints, inverseH: inverseH) }
                }
            }
            if quads.count < count {
                if let filler = quads.last, quads.capacity >= count {
                    // Within the storage of a step before: the new quads are laid out over
                    // copies of the last one.
                    quads.grow(toAtLeast: count, with: filler)
                } else {
                    // More quads than the storage holds (or none to copy): fresh storage with room
                    // for twice this step's quads, laid out as it is filled. Storage of the exact
                    // count was replaced at nearly every step while a pile's quad count crept up
                    // and down (pile-4000: 4 MB of fresh pages each time, faulted in and cleared);
                    // now the count must double between replacements, and the storage never holds
                    // more than twice the most quads a step had.
                    let capacity = 2 * count
                    quads = Array(unsafeUninitializedCapacity: capacity) { buffer, initialized in
                        if count > 0 { lay(buffer.baseAddress!) }
                        initialized = count
                    }
                    return
                }
            }
            quads.removeLast(quads.count - count)
            quads.withUnsafeMutableBufferPointer { quads in
                if count > 0 { lay(quads.baseAddress!) }
            }
        }
    }

    /// Applies every row's accumulated impulses (warm starting).
    mutating func warmStart(_ context: StepContext) {
        if !passChunks.isEmpty { return }  // `solve` warm starts in the same hand-off.
        runPass(context, chunks: [], stage: .warmStart)
    }

    /// One pass over every row with bias (soft rows), before positions move. When the rows are
    /// split across threads, the warm start runs here too, in the same hand-off.
    mutating func solve(_ context: StepContext) {
        runPass(context, chunks: passChunks, stage: .solve)
    }

    /// One pass over every row after positions moved: rigid, without bias. (Each pass gets its
    /// own copy of the loop with `useBias` constant, so the relax pass carries none of the
    /// soft-row work.)
    mutating func relax(_ context: StepContext) {
        if !quads.isEmpty { motions.update(context) }
        runPass(context, chunks: relaxChunks, stage: .relax)
    }

    /// What a chunk of a pass does to its entries.
    enum Stage: Int32 {
        case warmStart, solve, relax
    }

    /// What a chunk of `runSubsteps` does: a stage of the rows, or of the bodies.
    enum SubstepStage: Int32 {
        case integrateVelocities, warmStart, solve, integratePositions, lastIntegratePositions, relax
        /// The last substep's relax pass, which then stores its entries' impulses: a row's
        /// impulses change only when its own entry runs, so once the chunk has relaxed its
        /// entries for the last time their impulses are final.
        case lastRelax
    }

    /// Runs the contact part of `substeps` substeps with one hand-off for the whole step, when
    /// the rows split across the step's workers and the world has no joint: per substep the
    /// velocities' integration (with `integratesVelocities`), warm start, solve, positions'
    /// integration and relax pass, in the order `World.step` runs them, each a wave or a run of
    /// waves (the bodies split into chunks of at least `StepWorkers.minimumBodyWaveChunk`).
    /// Each body sees the same operations as stage by stage, so the bits are the same.
    /// Returns the squared speeds the last substep moved with (as `World.integratePositions`
    /// does), or nil, having done nothing, when the rows do not split.
    ///
    /// The last relax pass's chunks also store their entries' impulses into `contacts`
    /// (`storeImpulses`, which then has nothing left to do).
    ///
    /// Why: stage by stage the step took two hand-offs per substep and integrated the bodies on
    /// one thread between them; here the other threads wait only at the waves' ends, and the
    /// bodies' integration splits too, as does storing the impulses (a tenth of a pile's step
    /// on one thread, each row's contact a cache line or two away).
    mutating func runSubsteps(
        _ context: StepContext, substeps: Int, integratesVelocities: Bool, contacts: inout [Contact]
    ) -> (linear: Double, angular: Double)? {
        guard !passChunks.isEmpty else { return nil }
        let bodyCount = context.bodies.count - 1
        let workers = context.workers
        let bodyChunks = workers.chunkCount(bodyCount, minimum: workers.minimumBodyWaveChunk)
        listSubsteps(substeps, bodyChunks: bodyChunks, bodyCount: bodyCount, integratesVelocities: integratesVelocities)
        let (bodies, properties, h, inverseH) = (context.bodies, context.properties, context.h, context.inverseH)
        let chunks = substepChunks
        let fastest = [(linear: Double, angular: Double)](unsafeUninitializedCapacity: bodyChunks) { slots, initialized in
            let slots = SpeedSlots(base: slots.baseAddress!, count: bodyChunks, bodyCount: bodyCount)
            let measuresMotions = !quads.isEmpty
            bounces.resize(to: constraints.count, with: false)
            withConstraints { plan, constraints in
                plan.bounces.withUnsafeMutableBufferPointer { bounces in
                    contacts.withUnsafeMutableBufferPointer { contacts in
                        plan.quads.withUnsafeMutableBufferPointer { quads in
                            plan.entries.withUnsafeBufferPointer { entries in
                                plan.quadRows.withUnsafeBufferPointer { quadRows in
                                    plan.coloring.order.withUnsafeBufferPointer { rowContacts in
                                        let store = ContactImpulseStore(
                                            entries: entries, quads: UnsafeBufferPointer(quads), quadRows: quadRows,
                                            rowContacts: rowContacts, contacts: contacts, bounces: bounces)
                                        plan.motions.withMeter(bodies) { meter in
                                            let step = SubstepChunks(
                                                rows: ContactSolveRows(
                                                    entries: entries, quads: quads, quadRows: quadRows,
                                                    constraints: constraints, bodies: bodies,
                                                    motions: UnsafeBufferPointer(meter.motions)),
                                                store: store, meter: measuresMotions ? meter : nil, speeds: slots,
                                                properties: properties, h: h, inverseH: inverseH)
                                            workers.forEachChunkInWaves(chunks) { step.run($0) }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            initialized = bodyChunks
        }
        listBouncing()
        impulsesStored = true
        return fastest.dropFirst().reduce(fastest[0]) { World.faster($0, $1) }
    }

    /// Lists `substepChunks`: per substep, the velocities' wave (bodies `0..<bodyCount`, less
    /// one for the ground), the warm start and solve (`passChunks`), the positions' wave and
    /// the relax pass (`relaxChunks`).
    private mutating func listSubsteps(_ substeps: Int, bodyChunks: Int, bodyCount: Int, integratesVelocities: Bool) {
        var list: [WaveChunk] = []
        swap(&list, &substepChunks)
        list.removeAll(keepingCapacity: true)
        func appendBodies(_ stage: SubstepStage) {
            let after = Int32(list.count)
            for k in 0..<bodyChunks {
                let range = StepWorkers.range(ofChunk: k, of: bodyChunks, count: bodyCount)
                list.append(WaveChunk(stage: stage.rawValue, lower: Int32(range.lowerBound), upper: Int32(range.upperBound), after: after))
            }
        }
        func append(_ chunks: [WaveChunk], _ stage: (Stage) -> SubstepStage) {
            let offset = Int32(list.count)
            for var chunk in chunks {
                chunk.stage = stage(Stage(rawValue: chunk.stage)!).rawValue
                chunk.after += offset
                list.append(chunk)
            }
        }
        for substep in 0..<substeps {
            if integratesVelocities { appendBodies(.integrateVelocities) }
            append(passChunks) { $0 == .warmStart ? .warmStart : .solve }
            appendBodies(substep == substeps - 1 ? .lastIntegratePositions : .integratePositions)
            append(relaxChunks) { _ in substep == substeps - 1 ? .lastRelax : .relax }
        }
        substepChunks = list
    }

    /// Runs `stage` over every entry on the calling thread when `chunks` is empty, otherwise
    /// runs the chunks color by color on the step's workers (`forEachChunkInWaves`). Every
    /// buffer is opened here, once, on the calling thread: the chunks see only raw storage.
    private mutating func runPass(_ context: StepContext, chunks: [WaveChunk], stage: Stage) {
        let (bodies, inverseH) = (context.bodies, context.inverseH)
        withConstraints { plan, constraints in
            plan.quads.withUnsafeMutableBufferPointer { quads in
                plan.entries.withUnsafeBufferPointer { entries in
                    plan.quadRows.withUnsafeBufferPointer { quadRows in
                        plan.motions.motions.withUnsafeBufferPointer { motions in
                            let rows = ContactSolveRows(
                                entries: entries, quads: quads, quadRows: quadRows, constraints: constraints,
                                bodies: bodies, motions: motions)
                            if chunks.isEmpty {
                                rows.run(stage, entries.indices, inverseH: inverseH)
                            } else {
                                context.workers.forEachChunkInWaves(chunks) { chunk in
                                    rows.run(Stage(rawValue: chunk.stage)!, chunk.range, inverseH: inverseH)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Lists the chunks of the passes for `workers` (`passChunks`, `relaxChunks`): each color's
    /// entries split into up to `workers.threads` chunks of at least `minimumRowChunk`, the
    /// overflow color in one chunk (its rows may share bodies, so they stay in order). Both lists
    /// stay empty, and the passes on the calling thread, when no color is large enough to split,
    /// and also when the workers' governor runs this step on the caller alone: the passes then
    /// run stage by stage, as with one thread (the same bits; two threads' chunks run in turn
    /// on one cost 1–2 % more, the waves' ends and the chunk records).
    private mutating func listChunks(_ workers: StepWorkers) {
        passChunks.removeAll(keepingCapacity: true)
        relaxChunks.removeAll(keepingCapacity: true)
        substepChunks.removeAll(keepingCapacity: true)
        let overflow = entryColorStarts.count - 2
        var splits = false
        for color in 0..<overflow where workers.chunkCount(colorSize(color), minimum: workers.minimumRowChunk) > 1 {
            splits = true
        }
        guard splits, workers.splitStep() else { return }
        appendChunks(.warmStart, workers, to: &passChunks)
        appendChunks(.solve, workers, to: &passChunks)
        appendChunks(.relax, workers, to: &relaxChunks)
    }

    private func colorSize(_ color: Int) -> Int { entryColorStarts[color + 1] - entryColorStarts[color] }

    /// Appends one wave per non-empty color (the overflow last, unsplit) for `stage`. Colors too
    /// small to split that follow each other form one wave of one chunk: one thread runs them in
    /// order, as it would color by color, and the other threads wait once for all of them instead
    /// of once per color (a pile's last colors hold a few dozen rows, a few entries, one).
    private func appendChunks(_ stage: Stage, _ workers: StepWorkers, to chunks: inout [WaveChunk]) {
        let overflow = entryColorStarts.count - 2
        for color in 0...overflow {
            let (start, size) = (entryColorStarts[color], colorSize(color))
            if size == 0 { continue }
            let count = color == overflow ? 1 : workers.chunkCount(size, minimum: workers.minimumRowChunk)
            if count == 1, let last = chunks.last, last.stage == stage.rawValue,
                last.after == Int32(chunks.count - 1), last.upper == Int32(start)
            {
                chunks[chunks.count - 1].upper = Int32(start + size)
                continue
            }
            let after = Int32(chunks.count)
            for k in 0..<count {
                let range = StepWorkers.range(ofChunk: k, of: count, count: size)
                chunks.append(WaveChunk(
                    stage: stage.rawValue, lower: Int32(start + range.lowerBound), upper: Int32(start + range.upperBound),
                    after: after))
            }
        }
    }

    /// Runs `body` on the plan and its constraints opened as a buffer (taken out of the plan
    /// for the while, so the two can be changed together).
    @inline(__always)
    private mutating func withConstraints(
        _ body: (inout ContactSolvePlan, UnsafeMutableBufferPointer<ContactConstraint>) -> Void
    ) {
        var constraints: [ContactConstraint] = []
        swap(&constraints, &self.constraints)
        defer { swap(&constraints, &self.constraints) }
        constraints.withUnsafeMutableBufferPointer { body(&self, $0) }
    }

    /// Ends the step's solve. Every row's impulses go straight to its contact, to warm start the
    /// next step, except for rows that may still bounce (`ContactConstraint.mayBounce`): their
    /// impulses go back to their constraints for `applyRestitution`, which stores them after.
    /// (Nothing to do when `runSubsteps` stored them in its last relax pass.)
    mutating func storeImpulses(into contacts: inout [Contact]) {
        if impulsesStored { return }
        bounces.resize(to: constraints.count, with: false)
        let entryCount = entries.count
        withConstraints { plan, constraints in
            plan.openStore(into: &contacts) { $0.run(0..<entryCount, constraints: constraints) }
        }
        listBouncing()
        impulsesStored = true
    }

    /// Runs `body` with the storage `ContactImpulseStore` writes opened as raw buffers.
    private mutating func openStore(into contacts: inout [Contact], _ body: (ContactImpulseStore) -> Void) {
        quads.withUnsafeBufferPointer { quads in
            entries.withUnsafeBufferPointer { entries in
                quadRows.withUnsafeBufferPointer { quadRows in
                    coloring.order.withUnsafeBufferPointer { rowContacts in
                        bounces.withUnsafeMutableBufferPointer { bounces in
                            contacts.withUnsafeMutableBufferPointer { contacts in
                                body(ContactImpulseStore(
                                    entries: entries, quads: quads, quadRows: quadRows, rowContacts: rowContacts,
                                    contacts: contacts, bounces: bounces))
                            }
                        }
                    }
                }
            }
        }
    }

    /// Lists the rows `ContactImpulseStore` left to bounce, in row order, and clears their marks.
    private mutating func listBouncing() {
        bouncing.removeAll(keepingCapacity: true)
        bounces.withUnsafeMutableBufferPointer { bounces in
            for row in bounces.indices where bounces[row] {
                bouncing.append(row)
                bounces[row] = false
            }
        }
    }

    /// After the substeps: the rows that may bounce, bounce (in constraint order), and their
    /// impulses go to their contacts.
    mutating func applyRestitution(_ context: StepContext, contacts: inout [Contact]) {
        let bodies = context.bodies
        for c in bouncing {
            constraints[c].applyRestitution(bodies)
            let contact = Int(coloring.order[c])
            contacts[contact].impulse0 = constraints[c].impulse0
            contacts[contact].impulse1 = constraints[c].impulse1
        }
    }
}

/// What a chunk of `ContactSolvePlan.runSubsteps` does, over the plan's storage opened as raw
/// buffers for the run of waves.
private struct SubstepChunks {
    let rows: ContactSolveRows
    let store: ContactImpulseStore
    /// Measures the bodies' motions for the relax pass (nil when no quad reads them).
    let meter: BodyMotions.Meter?
    let speeds: SpeedSlots
    let properties: UnsafeMutableBufferPointer<BodyProperties>
    let h: Double
    let inverseH: Double

    @inline(__always)
    func run(_ chunk: WaveChunk) {
        switch ContactSolvePlan.SubstepStage(rawValue: chunk.stage)! {
        case .integrateVelocities: World.integrateVelocities(chunk.slots, rows.bodies, properties, h: h)
        case .warmStart: rows.run(.warmStart, chunk.range, inverseH: inverseH)
        case .solve: rows.run(.solve, chunk.range, inverseH: inverseH)
        case .integratePositions, .lastIntegratePositions:
            let fastest = World.integratePositions(chunk.slots, rows.bodies, h: h)
            // The relax pass's motions (`relax`), body by body.
            meter?.measure(chunk.slots)
            // The step reports the speeds of its last substep.
            if chunk.stage == ContactSolvePlan.SubstepStage.lastIntegratePositions.rawValue {
                speeds.store(fastest, for: chunk.range)
            }
        case .relax: rows.run(.relax, chunk.range, inverseH: inverseH)
        case .lastRelax:
            rows.run(.relax, chunk.range, inverseH: inverseH)
            store.run(chunk.range, constraints: rows.constraints)
        }
    }
}

/// Hands the rows' impulses of a range of entries back to their contacts (`ContactSolvePlan
/// .storeImpulses`), or for rows that may bounce to their constraints, marking them in
/// `bounces`. An entry writes only its own rows' contacts, constraints and marks, so chunks of
/// entries may run at once.
private struct ContactImpulseStore {
    let entries: UnsafeBufferPointer<Int32>
    let quads: UnsafeBufferPointer<ContactRowQuad>
    let quadRows: UnsafeBufferPointer<ContactRowQuad.Rows>
    /// Each row's contact (the coloring's `order`).
    let rowContacts: UnsafeBufferPointer<Int32>
    let contacts: UnsafeMutableBufferPointer<Contact>
    let bounces: UnsafeMutableBufferPointer<Bool>

    func run(_ range: Range<Int>, constraints: UnsafeMutableBufferPointer<ContactConstraint>) {
        for entry in entries[range] {
            guard entry >= 0 else {
                let row = Int(~entry)
                if constraints[row].mayBounce {
                    bounces[row] = true
                } else {
                    let contact = Int(rowContacts[row])
                    contacts[contact].impulse0 = constraints[row].impulse0
                    contacts[contact].impulse1 = constraints[row].impulse1
                }
                continue
            }
            let quad = quads.baseAddress! + Int(entry)
            let rows = quadRows[Int(entry)]
            // A quad that keeps no largest impulse has no row that may bounce: its rows'
            // restitution and approach speeds (two more cache lines of each) stay unread.
            let mayBounce = quad.pointee.tracksLargestImpulse
            for lane in 0..<4 {
                let row = Int(rows[lane])
                if mayBounce && constraints[row].mayBounce {
                    quad.pointee.storePoints(lane, into: &constraints[row])
                    bounces[row] = true
                } else {
                    let contact = Int(rowContacts[row])
                    contacts[contact].impulse0 = quad.pointee.impulses0.impulse(lane)
                    contacts[contact].impulse1 =
                        quad.pointee.twoPoints ? quad.pointee.impulses1.impulse(lane) : AccumulatedImpulse()
                }
            }
        }
    }
}

/// Where the chunks of the last positions' wave of `ContactSolvePlan.runSubsteps` leave the
/// squared speeds they moved with: one slot per chunk, found from the chunk's range. Each chunk
/// writes its own slot; the slots are read after the waves end.
private struct SpeedSlots: @unchecked Sendable {
    let base: UnsafeMutablePointer<(linear: Double, angular: Double)>
    let count: Int
    let bodyCount: Int

    func store(_ speeds: (linear: Double, angular: Double), for range: Range<Int>) {
        for k in 0..<count where StepWorkers.range(ofChunk: k, of: count, count: bodyCount).lowerBound == range.lowerBound {
            (base + k).initialize(to: speeds)
            return
        }
        preconditionFailure("a chunk of bodies the list does not hold")
    }
}

private extension WaveChunk {
    /// A chunk of bodies' slots: its range counts the bodies after the ground, slot 0.
    var slots: Range<Int> { (Int(lower) + 1)..<(Int(upper) + 1) }
}
