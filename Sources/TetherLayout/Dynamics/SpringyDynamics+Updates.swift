import TetherPhysics

extension SpringyDynamics {
    /// A data-source update. Every body follows its cell to the cell's new index: it keeps its
    /// position and velocity and only its anchor moves to the new layout center, so neighbours
    /// spring to their shifted places instead of jumping. A deleted cell loses its body; an
    /// inserted cell near the viewport gets a spring at its new layout center, at rest. Then
    /// springs are tiled to the new layout as on a scroll.
    public mutating func performUpdate(
        _ result: BatchUpdateResult, layout: any CollectionLayout, touchLocation: Vec2?, visibleRect: Rect
    ) {
        precondition(interactiveMove == nil || liftedElementSurvives(result), "the lifted cell was deleted")
        let newAttributes = layout.attributes
        let map = elementIndexMap(from: layoutAttributes, to: newAttributes, result: result)
        var newBodies = [BodyID?](repeating: nil, count: newAttributes.count)
        var newSprings = [JointID?](repeating: nil, count: newAttributes.count)
        for i in layoutAttributes.indices {
            guard let body = bodies[i] else { continue }
            if let j = map[i] {
                newBodies[j] = body
                newSprings[j] = springs[i]
            } else {
                world.destroyBody(body)
            }
        }
        let wasNew = newAttributes.indices.map { j in newAttributes[j].key.kind == .cell } .enumerated().map { j, isCell in
            isCell && result.oldIndex(ofNew: ItemPath(newAttributes[j].key)) == nil
        }
        liftedElement = liftedElement.flatMap { map[$0] }
        replaceLayout(with: newAttributes, bodies: newBodies, springs: newSprings, axis: layout.scrollDirection)
        for j in newAttributes.indices where newSprings[j] != nil && j != liftedElement {
            world.setAnchor(anchor(of: j), of: newSprings[j]!)
        }
        // Inserted cells near the viewport: a spring at the new place, no scroll shift.
        let wanted: [Int]
        if let padding = configuration.tilePadding {
            wanted = indices(ofCellsIn: visibleRect.outset(by: padding))
        } else {
            wanted = newAttributes.indices.filter { newAttributes[$0].key.kind == .cell }
        }
        for j in wanted where wasNew[j] { attachSpring(j) }
        refreshSprungIndices()
        contentOffsetDidChange(by: .zero, touchLocation: touchLocation, visibleRect: visibleRect)
    }

    private func liftedElementSurvives(_ result: BatchUpdateResult) -> Bool {
        guard let move = interactiveMove else { return true }
        return result.newIndex(ofOld: move.item) != nil
    }

    // MARK: Drag to reorder

    /// Lifts the cell at `item` under a finger at `finger` (content coordinates): its spring
    /// becomes stiff (`InteractiveMove.frequency`, critically damped) and follows the finger.
    public mutating func beginInteractiveMove(item: ItemPath, finger: Vec2, visibleRect: Rect) {
        guard let i = layoutAttributes.index(of: item.cellKey) else { return }
        if bodies[i] == nil {
            attachSpring(i)
            refreshSprungIndices()
        }
        let center = world.position(of: bodies[i]!)
        liftedElement = i
        interactiveMove = InteractiveMove(item: item, grabOffset: center - finger, target: item)
        world.setSpring(of: springs[i]!, frequency: InteractiveMove.frequency, dampingRatio: InteractiveMove.dampingRatio, length: 0)
        updateInteractiveMove(finger: finger)
    }

    /// The finger moved (or the content under it scrolled): the lifted cell's anchor follows it
    /// and the others' anchors move to the places they would take if it dropped at the nearest slot.
    public mutating func updateInteractiveMove(finger: Vec2) {
        guard var move = interactiveMove, let lifted = liftedElement, let spring = springs[lifted] else { return }
        world.setAnchor(finger + move.grabOffset, of: spring)
        let target = InteractiveMove.nearestSlot(to: finger, section: move.item.section, in: layoutAttributes) ?? move.item
        if target != move.target || previewAnchors.allSatisfy({ $0 == nil }) {
            move.target = target
            interactiveMove = move
            setPreview(from: move.item, to: target)
        }
    }

    /// Ends the lift: the lifted cell gets its ordinary spring back and every anchor returns to
    /// its layout center. Call `performUpdate` with the move first to drop the cell in its slot,
    /// or nothing (cancel) to put everything back.
    public mutating func endInteractiveMove() {
        guard let lifted = liftedElement else { return }
        liftedElement = nil
        interactiveMove = nil
        for i in previewAnchors.indices { previewAnchors[i] = nil }
        if let spring = springs[lifted] {
            world.setSpring(
                of: spring, frequency: configuration.frequency, dampingRatio: configuration.dampingRatio,
                length: configuration.length)
        }
        for i in sprungIndices {
            if let spring = springs[i] { world.setAnchor(layoutAttributes[i].center, of: spring) }
        }
    }

    /// Anchors every other cell of the section at the slot it would take after moving `from` to `to`.
    private mutating func setPreview(from: ItemPath, to: ItemPath) {
        for i in previewAnchors.indices { previewAnchors[i] = nil }
        let section = from.section
        for i in layoutAttributes.indices {
            let key = layoutAttributes[i].key
            guard key.kind == .cell, key.section == section, key.item != from.item else { continue }
            var slot = key.item
            if from.item < to.item, key.item > from.item, key.item <= to.item { slot -= 1 }
            if to.item < from.item, key.item >= to.item, key.item < from.item { slot += 1 }
            if slot != key.item, let j = layoutAttributes.index(of: .cell(section, slot)) {
                previewAnchors[i] = layoutAttributes[j].center
            }
        }
        for i in sprungIndices where i != liftedElement {
            if let spring = springs[i] { world.setAnchor(anchor(of: i), of: spring) }
        }
    }
}
