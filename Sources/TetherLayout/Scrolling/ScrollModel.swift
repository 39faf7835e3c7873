import TetherPhysics

/// UIScrollView's content offset, headless: finger drags with the rubber band, deceleration,
/// bounce-back and programmatic scrolls, advanced one display frame at a time.
///
/// Commands queue work; `advance()` performs one frame of it, in this order: a `scrollTo` jump,
/// this frame's drag shares, this frame's scroll shares, one step of deceleration or
/// bounce-back (a deceleration that reaches an edge carries on into the bounce within the same
/// frame), then re-clamping to the (possibly changed) content size. Only the `axis`
/// component of the offset ever changes. Everything is plain arithmetic on per-frame factors
/// computed at init (or when a fling picks a new rate), so runs are bit-for-bit reproducible.
public struct ScrollModel: Sendable, Hashable {
    public let viewportSize: Size
    public let axis: Axis
    /// 1/hz, in seconds.
    public let frameDuration: Double
    /// Settable because inserts and deletes change it; the offset is re-clamped on the next
    /// advance when no finger is down (a finger holds it in the rubber band instead).
    public var contentSize: Size
    public private(set) var contentOffset: Vec2

    /// What the offset does on its own between commands.
    enum Motion: Sendable, Hashable {
        case idle
        case decelerating(velocity: Double, Deceleration)
        case bouncing(toward: Edge, velocity: Double)
    }

    /// Which end of the scroll range a bounce returns to.
    enum Edge: Sendable, Hashable {
        case lower
        case upper
    }

    private var motion = Motion.idle
    private var drags: [SpreadTranslation] = []
    private var scrolls: [SpreadTranslation] = []
    private var pendingJump: Double?
    /// The offset the finger would give without the rubber band; only meaningful while touching.
    private var rawOffset = 0.0
    /// The maximum offset when the held offset was last derived from `rawOffset`: a finger
    /// re-applies the band only when it moves or this changes, so landing mid-bounce doesn't
    /// shift the content by the rounding of the band's inverse.
    private var heldMaximum = 0.0
    /// The finger in viewport coordinates while touching.
    private var fingerPoint = Vec2.zero
    private var releasedTouchLocation = Vec2.zero
    public private(set) var isTouching = false
    /// True once a finger has ever touched.
    public private(set) var hasTouchLocation = false
    /// The offset at the end of the last frame, so a frame's change includes what `touchUp` did.
    private var reportedOffset: Vec2
    private let normalDeceleration: Deceleration
    private let bounceBack: BounceBack

    /// `contentOffset`'s axis component is clamped into [0, maximumOffset]; the cross component
    /// is kept as given. `frameDuration` must be positive and finite.
    public init(viewportSize: Size, contentSize: Size, axis: Axis, contentOffset: Vec2 = .zero, frameDuration: Double) {
        precondition(frameDuration > 0 && frameDuration.isFinite, "frameDuration must be positive and finite")
        self.viewportSize = viewportSize
        self.contentSize = contentSize
        self.axis = axis
        self.frameDuration = frameDuration
        var offset = contentOffset
        offset[axis] = min(max(offset[axis], 0), max(0, contentSize[axis] - viewportSize[axis]))
        self.contentOffset = offset
        reportedOffset = offset
        normalDeceleration = Deceleration(rate: Deceleration.normalRate, frameDuration: frameDuration)
        bounceBack = BounceBack(frameDuration: frameDuration)
    }

    // MARK: - Queries

    /// max(0, contentSize − viewportSize) per axis.
    public var maximumOffset: Vec2 {
        Vec2(max(0, contentSize.width - viewportSize.width), max(0, contentSize.height - viewportSize.height))
    }

    /// The finger's location in content coordinates: (0, 0) until the first touchDown; after
    /// touchUp it stays at the last location (UIKit's pan recognizer reports its last location).
    public var touchLocation: Vec2 {
        isTouching ? fingerPoint + contentOffset : releasedTouchLocation
    }

    /// Anything queued, decelerating, bouncing back, or waiting to follow a content size change.
    public var isMoving: Bool {
        pendingJump != nil || !drags.isEmpty || !scrolls.isEmpty || motion != .idle || isOutOfPlace
    }

    /// The content size changed under a resting offset (or a held one): the next advance moves
    /// it, clamped without a finger, through the rubber band with one.
    private var isOutOfPlace: Bool {
        let offset = contentOffset[axis]
        return isTouching ? maximum != heldMaximum : clamped(offset) != offset
    }

    private var maximum: Double { maximumOffset[axis] }
    private var dimension: Double { viewportSize[axis] }

    // MARK: - Commands

    /// A finger lands at a viewport point. It stops any deceleration or bounce-back where it is;
    /// landing past an edge picks the drag up inside the rubber band.
    public mutating func touchDown(at viewportPoint: Vec2) throws(ScrollError) {
        guard !isTouching else { throw .fingerAlreadyDown }
        isTouching = true
        hasTouchLocation = true
        fingerPoint = viewportPoint
        motion = .idle
        rawOffset = rawOffset(displaying: contentOffset[axis])
        heldMaximum = maximum
    }

    /// The finger moves by `translation` (viewport points), spread evenly over the next `frames`
    /// advances (at least 1). The content follows it along the axis.
    public mutating func drag(by translation: Vec2, frames: Int) throws(ScrollError) {
        guard isTouching else { throw .noFingerDown }
        drags.append(SpreadTranslation(total: translation, frames: frames))
    }

    /// The finger lifts with `velocity` (viewport pt/s, as UIPanGestureRecognizer reports it).
    /// Drag shares not yet applied land now, in the release frame. Past an edge the content
    /// bounces back; otherwise a velocity starts a deceleration at the normal rate.
    public mutating func touchUp(velocity: Vec2?) throws(ScrollError) {
        guard isTouching else { throw .noFingerDown }
        let rest = drags.takeRemaining()
        moveFinger(by: rest)
        releasedTouchLocation = fingerPoint + contentOffset
        isTouching = false
        startMotion(velocity: -(velocity?[axis] ?? 0), deceleration: normalDeceleration)
    }

    /// A programmatic change of the offset by `delta`, spread like a drag: clamped to the
    /// scroll range, never rubber-banded, with or without a finger down.
    public mutating func scroll(by delta: Vec2, frames: Int) {
        scrolls.append(SpreadTranslation(total: delta, frames: frames))
    }

    /// Jumps to `offset` at the next advance, stopping any deceleration or bounce-back now.
    /// The axis component must lie in [0, maximumOffset]; the cross component must equal the
    /// current one.
    public mutating func scrollTo(_ offset: Vec2) throws(ScrollError) {
        let target = offset[axis]
        guard target >= 0, target <= maximum, offset[axis.cross] == contentOffset[axis.cross] else {
            throw .offsetOutOfRange(offset: offset, maximum: maximumOffset)
        }
        pendingJump = target
        motion = .idle
    }

    /// Decelerates from `velocity` (content-offset pt/s) at `rate` per millisecond, with no
    /// finger. Started past an edge (mid bounce), it bounces back with that velocity instead.
    public mutating func fling(velocity: Vec2, rate: Double) throws(ScrollError) {
        guard rate > 0, rate < 1 else { throw .invalidRate(rate) }
        guard !isTouching else { throw .fingerDown }
        let deceleration = rate == normalDeceleration.rate
            ? normalDeceleration : Deceleration(rate: rate, frameDuration: frameDuration)
        startMotion(velocity: velocity[axis], deceleration: deceleration)
    }

    /// Advances one frame: applies this frame's share of queued drags and scrolls, deceleration,
    /// rubber band and bounce-back. Returns the change of contentOffset during this frame
    /// (since the previous advance, so it includes what a `touchUp` applied in between).
    public mutating func advance() -> Vec2 {
        applyJump()
        moveFinger(by: drags.takeFrameShares())
        applyScroll(scrolls.takeFrameShares())
        stepMotion()
        if case .bouncing = motion {} else if !isTouching {
            contentOffset[axis] = clamped(contentOffset[axis])
        }
        let change = contentOffset - reportedOffset
        reportedOffset = contentOffset
        return change
    }

    // MARK: - Frame steps

    private mutating func applyJump() {
        guard let target = pendingJump else { return }
        pendingJump = nil
        contentOffset[axis] = target
        rawOffset = target
    }

    /// Moves the finger; the raw offset follows it and the displayed offset is the raw one
    /// through the rubber band. Also re-applies the band when the content size changed.
    private mutating func moveFinger(by translation: Vec2) {
        guard isTouching else { return }
        fingerPoint += translation
        guard translation[axis] != 0 || maximum != heldMaximum else { return }
        rawOffset -= translation[axis]
        heldMaximum = maximum
        contentOffset[axis] = displayedOffset(raw: rawOffset)
    }

    private mutating func applyScroll(_ delta: Vec2) {
        let d = delta[axis]
        guard d != 0 else { return }
        contentOffset[axis] = clamped(contentOffset[axis] + d)
        rawOffset = contentOffset[axis]
        // The offset is back inside the range: nothing left to bounce back from.
        if case .bouncing = motion { motion = .idle }
    }

    private mutating func stepMotion() {
        switch motion {
        case .idle:
            return
        case let .decelerating(velocity, deceleration):
            let offset = contentOffset[axis]
            let next = deceleration.step(offset: offset, velocity: velocity)
            if let edge = edgeCrossed(from: offset, to: next.offset) {
                carryPastEdge(edge, from: offset, velocity: velocity, deceleration)
            } else if next.offset < 0 || next.offset > maximum {
                // Already past the range when the frame began: the content shrank under the
                // motion. Like a resting offset, it is clamped.
                contentOffset[axis] = clamped(next.offset)
                motion = .idle
            } else {
                contentOffset[axis] = next.offset
                motion = abs(next.velocity) < Deceleration.stopSpeed
                    ? .idle : .decelerating(velocity: next.velocity, deceleration)
            }
        case let .bouncing(edge, velocity):
            bounce(toward: edge, overscroll: contentOffset[axis] - edgeOffset(edge), velocity: velocity, bounceBack)
        }
    }

    /// The edge a frame's deceleration runs past, having started inside the range; nil if none.
    private func edgeCrossed(from offset: Double, to next: Double) -> Edge? {
        guard offset >= 0, offset <= maximum else { return nil }
        if next > maximum { return .upper }
        if next < 0 { return .lower }
        return nil
    }

    /// A deceleration reaches `edge` within this frame: it decelerates up to the edge, then the
    /// bounce-back spring takes the overscroll from 0 with the velocity of that moment for the
    /// rest of the frame (UIScrollView's bounce). The velocity is continuous at the edge.
    private mutating func carryPastEdge(_ edge: Edge, from offset: Double, velocity: Double, _ deceleration: Deceleration) {
        let arrival = deceleration.arrival(after: edgeOffset(edge) - offset, from: velocity)
        let remaining = max(0, frameDuration - arrival.time)
        bounce(toward: edge, overscroll: 0, velocity: arrival.velocity, BounceBack(frameDuration: remaining))
    }

    /// One step of `spring` from (overscroll, velocity) past `edge`; snaps to the edge at rest.
    private mutating func bounce(toward edge: Edge, overscroll: Double, velocity: Double, _ spring: BounceBack) {
        let target = edgeOffset(edge)
        let next = spring.step(overscroll: overscroll, velocity: velocity)
        if BounceBack.isAtRest(overscroll: next.overscroll, velocity: next.velocity) {
            contentOffset[axis] = target
            motion = .idle
        } else {
            contentOffset[axis] = target + next.overscroll
            motion = .bouncing(toward: edge, velocity: next.velocity)
        }
    }

    /// Past an edge: bounce back; inside: decelerate if fast enough to count as moving.
    private mutating func startMotion(velocity: Double, deceleration: Deceleration) {
        let offset = contentOffset[axis]
        let velocity = velocity.isNaN ? 0 : velocity
        if offset < 0 {
            motion = .bouncing(toward: .lower, velocity: velocity)
        } else if offset > maximum {
            motion = .bouncing(toward: .upper, velocity: velocity)
        } else if abs(velocity) >= Deceleration.stopSpeed {
            motion = .decelerating(velocity: velocity, deceleration)
        } else {
            motion = .idle
        }
    }

    // MARK: - Geometry along the axis

    private func clamped(_ offset: Double) -> Double { min(max(offset, 0), maximum) }

    private func edgeOffset(_ edge: Edge) -> Double { edge == .lower ? 0 : maximum }

    /// The raw offset inside the range, else the edge plus the rubber-banded overscroll.
    private func displayedOffset(raw: Double) -> Double {
        if raw < 0 { return -RubberBand.band(-raw, dimension: dimension) }
        if raw > maximum { return maximum + RubberBand.band(raw - maximum, dimension: dimension) }
        return raw
    }

    /// The raw offset that displays `displayed`, so a finger landing mid-bounce drags on smoothly.
    private func rawOffset(displaying displayed: Double) -> Double {
        if displayed < 0 { return -RubberBand.inverse(-displayed, dimension: dimension) }
        if displayed > maximum { return maximum + RubberBand.inverse(displayed - maximum, dimension: dimension) }
        return displayed
    }
}
