import Foundation
import Testing
@testable import TetherLayout
import TetherPhysics

/// A portrait phone-sized viewport over tall content: maximum offset 100 000 − 800.
func tallModel(hz: Double = 60, offset: Double = 0, contentHeight: Double = 100_000) -> ScrollModel {
    ScrollModel(
        viewportSize: Size(width: 400, height: 800), contentSize: Size(width: 400, height: contentHeight),
        axis: .vertical, contentOffset: Vec2(0, offset), frameDuration: 1 / hz)
}

/// Advances until the model stops (at most `limit` frames) and returns the frames taken.
@discardableResult
func settle(_ model: inout ScrollModel, limit: Int = 10_000) -> Int {
    var frames = 0
    while model.isMoving && frames < limit {
        _ = model.advance()
        frames += 1
    }
    return frames
}

/// UIScrollView's rubber band, written out independently of the model.
func expectedBand(_ x: Double, _ d: Double) -> Double { (1 - 1 / (x * 0.55 / d + 1)) * d }

@Suite struct DecelerationTests {
    @Test func flingFollowsTheClosedForm() throws {
        var model = tallModel()
        let v0 = 2000.0, rate = 0.998, t = 1.0 / 60
        try model.fling(velocity: Vec2(0, v0), rate: rate)
        for n in 1...240 {
            _ = model.advance()
            let expected = v0 * (Foundation.pow(rate, 1000 * t * Double(n)) - 1) / (1000 * Foundation.log(rate))
            #expect(abs(model.contentOffset.y - expected) < 1e-6, "frame \(n)")
            #expect(model.contentOffset.x == 0)
        }
    }

    @Test func totalDistanceIsVelocityOverDecay() throws {
        for rate in [0.998, 0.99] {
            var model = tallModel()
            let v0 = 3000.0
            try model.fling(velocity: Vec2(0, v0), rate: rate)
            settle(&model)
            let total = -v0 / (1000 * Foundation.log(rate))
            // Stopping below 0.25 pt/s leaves at most 0.25/(−1000·ln rate) untravelled.
            let slack = 0.25 / (-1000 * Foundation.log(rate))
            #expect(model.contentOffset.y <= total)
            #expect(model.contentOffset.y > total - slack, "rate \(rate)")
        }
    }

    @Test func releaseVelocityIsTheFingerVelocityReversed() throws {
        var model = tallModel(offset: 5000)
        try model.touchDown(at: Vec2(200, 400))
        try model.touchUp(velocity: Vec2(50, 1000))  // finger moving down: content scrolls up
        _ = model.advance()
        let expected = -1000 * (Foundation.pow(0.998, 1000.0 / 60) - 1) / (1000 * Foundation.log(0.998))
        #expect(abs(model.contentOffset.y - (5000 + expected)) < 1e-9)
        #expect(model.contentOffset.y < 5000)
        #expect(model.contentOffset.x == 0)
    }

    @Test func frameRateIndependent() throws {
        var slow = tallModel(hz: 60, offset: 1000)
        var fast = tallModel(hz: 120, offset: 1000)
        try slow.fling(velocity: Vec2(0, 2500), rate: 0.998)
        try fast.fling(velocity: Vec2(0, 2500), rate: 0.998)
        for _ in 0..<30 { _ = slow.advance() }
        for _ in 0..<60 { _ = fast.advance() }
        let travelled = slow.contentOffset.y - 1000
        #expect(abs((fast.contentOffset.y - 1000) - travelled) <= 1e-9 * travelled)
    }

    @Test func slowVelocityDoesNotMove() throws {
        var model = tallModel(offset: 100)
        try model.fling(velocity: Vec2(0, 0.2), rate: 0.998)
        #expect(!model.isMoving)
        #expect(model.advance() == .zero)
    }

    @Test func touchDownStopsADeceleration() throws {
        var model = tallModel()
        try model.fling(velocity: Vec2(0, 3000), rate: 0.998)
        for _ in 0..<10 { _ = model.advance() }
        let held = model.contentOffset
        try model.touchDown(at: Vec2(100, 100))
        #expect(!model.isMoving)
        #expect(model.advance() == .zero)
        #expect(model.contentOffset == held)
    }

    @Test func scrollToStopsADeceleration() throws {
        var model = tallModel()
        try model.fling(velocity: Vec2(0, 3000), rate: 0.998)
        _ = model.advance()
        try model.scrollTo(Vec2(0, 500))
        #expect(model.contentOffset.y != 500, "the jump lands on the next advance")
        _ = model.advance()
        #expect(model.contentOffset.y == 500)
        #expect(!model.isMoving)
    }
}

@Suite struct DragTests {
    @Test func dragSpreadsEvenlyAndSumsExactly() throws {
        var shares = SpreadTranslation(total: Vec2(3, -100), frames: 7)
        var taken: [Vec2] = []
        for _ in 0..<7 { taken.append(shares.next()) }
        let even = Vec2(3.0 / 7, -100.0 / 7)
        #expect(taken.dropLast().allSatisfy { $0 == even })
        #expect(taken.last == Vec2(3, -100) - 6 * even)
        #expect(shares.isFinished)
        #expect(shares.next() == .zero)

        var model = tallModel(offset: 1000)
        try model.touchDown(at: Vec2(200, 400))
        try model.drag(by: Vec2(3, -100), frames: 7)
        var sum = 0.0
        for frame in 0..<7 {
            let change = model.advance()
            #expect(abs(change.y - 100.0 / 7) < 1e-12, "frame \(frame)")
            #expect(change.x == 0)
            sum += change.y
        }
        #expect(abs(sum - 100) < 1e-12)
        #expect(abs(model.contentOffset.y - 1100) < 1e-12)
        #expect(!model.isMoving)
        #expect(model.advance() == .zero)
    }

    @Test func queuedDragsAddUp() throws {
        var model = tallModel(offset: 1000)
        try model.touchDown(at: Vec2(200, 400))
        try model.drag(by: Vec2(0, -40), frames: 4)
        try model.drag(by: Vec2(0, -20), frames: 2)
        #expect(model.advance().y == 20)
        #expect(model.advance().y == 20)
        #expect(model.advance().y == 10)
        #expect(model.advance().y == 10)
        #expect(model.contentOffset.y == 1060)
    }

    @Test func fingerContentLocationStaysPutInsideTheBounds() throws {
        var model = tallModel(offset: 500)
        #expect(!model.hasTouchLocation)
        #expect(model.touchLocation == .zero)
        try model.touchDown(at: Vec2(100, 300))
        #expect(model.hasTouchLocation)
        #expect(model.touchLocation == Vec2(100, 800))
        try model.drag(by: Vec2(0, -250), frames: 10)
        try model.drag(by: Vec2(0, 120), frames: 3)
        while model.isMoving {
            _ = model.advance()
            #expect(abs(model.touchLocation.y - 800) < 1e-9)
            #expect(model.touchLocation.x == 100)
        }
        // The cross component moves the finger, not the content.
        try model.drag(by: Vec2(30, 0), frames: 1)
        #expect(model.advance() == .zero)
        #expect(model.touchLocation.x == 130)
        #expect(model.contentOffset.x == 0)
        try model.touchUp(velocity: nil)
        let last = model.touchLocation
        try model.fling(velocity: Vec2(0, 1000), rate: 0.998)
        settle(&model)
        #expect(model.touchLocation == last, "after touchUp the location stays")
        #expect(model.hasTouchLocation)
    }

    @Test func touchUpAppliesPendingSharesInTheReleaseFrame() throws {
        var model = tallModel(offset: 1000)
        try model.touchDown(at: Vec2(200, 400))
        try model.drag(by: Vec2(0, -100), frames: 4)
        _ = model.advance()
        try model.touchUp(velocity: nil)
        #expect(!model.isTouching)
        #expect(model.contentOffset.y == 1100)
        #expect(model.touchLocation == Vec2(200, 1400))
        #expect(model.advance().y == 75, "the next frame reports what the release applied")
        #expect(!model.isMoving)
    }

    @Test func rubberBandFollowsUIScrollViewsFormula() throws {
        let d = 800.0
        for x in [1.0, 10, 100, 400, 800, 5000, 1e6] {
            var top = tallModel()
            try top.touchDown(at: Vec2(200, 100))
            try top.drag(by: Vec2(0, x), frames: 1)
            _ = top.advance()
            #expect(abs(top.contentOffset.y + expectedBand(x, d)) < 1e-9, "x = \(x)")
            #expect(top.contentOffset.y > -d)
            // The finger drifts in content coordinates: it moved x, the content only the band.
            #expect(abs(top.touchLocation.y - (100 + x - expectedBand(x, d))) < 1e-6)

            var bottom = tallModel(offset: 1200, contentHeight: 2000)
            try bottom.touchDown(at: Vec2(200, 700))
            try bottom.drag(by: Vec2(0, -x), frames: 1)
            _ = bottom.advance()
            #expect(abs(bottom.contentOffset.y - (1200 + expectedBand(x, d))) < 1e-9, "x = \(x)")
            #expect(bottom.contentOffset.y < 1200 + d)
        }
    }

    @Test func draggingBackFromTheBandIsContinuous() throws {
        var model = tallModel()
        try model.touchDown(at: Vec2(200, 100))
        try model.drag(by: Vec2(0, 300), frames: 1)
        _ = model.advance()
        try model.drag(by: Vec2(0, -400), frames: 4)
        _ = model.advance()
        // Raw offset −300 + 100 = −200 after the first drag and one share of the second.
        #expect(abs(model.contentOffset.y + expectedBand(200, 800)) < 1e-9)
        settle(&model)
        #expect(abs(model.contentOffset.y - 100) < 1e-9)
    }
}

@Suite struct BounceBackTests {
    let omega = 2 * Double.pi / 0.4

    @Test func returnsToTheEdgeMonotonicallyAndExactly() throws {
        var model = tallModel()
        try model.touchDown(at: Vec2(200, 100))
        try model.drag(by: Vec2(0, 300), frames: 5)
        try model.touchUp(velocity: nil)
        let u0 = model.contentOffset.y
        #expect(abs(u0 + expectedBand(300, 800)) < 1e-9)
        var previous = u0
        var frames = 0
        while model.isMoving {
            _ = model.advance()
            frames += 1
            let y = model.contentOffset.y
            #expect(y >= previous, "monotonic")
            #expect(y <= 0, "no overshoot")
            if model.isMoving {
                let t = Double(frames) / 60
                let exact = u0 * (1 + omega * t) * Foundation.exp(-omega * t)
                #expect(abs(y - exact) < 1e-9, "frame \(frames)")
            }
            previous = y
        }
        #expect(model.contentOffset.y == 0)
        #expect(frames < 120, "settles within two seconds: \(frames) frames")
    }

    @Test func bottomEdgeWithReleaseVelocity() throws {
        var model = tallModel(offset: 1200, contentHeight: 2000)
        try model.touchDown(at: Vec2(200, 700))
        try model.drag(by: Vec2(0, -200), frames: 2)
        _ = model.advance()
        _ = model.advance()
        // The finger flicks back down: the content heads for the edge faster.
        try model.touchUp(velocity: Vec2(0, 500))
        let u0 = model.contentOffset.y - 1200, v0 = -500.0
        var frames = 0
        while model.isMoving {
            _ = model.advance()
            frames += 1
            if model.isMoving {
                let t = Double(frames) / 60
                let exact = (u0 + (v0 + omega * u0) * t) * Foundation.exp(-omega * t)
                #expect(abs((model.contentOffset.y - 1200) - exact) < 1e-9, "frame \(frames)")
            }
        }
        #expect(model.contentOffset.y == 1200)
    }

    @Test func touchDownDuringBounceContinuesFromTheBand() throws {
        var model = tallModel()
        try model.touchDown(at: Vec2(200, 100))
        try model.drag(by: Vec2(0, 300), frames: 1)
        _ = model.advance()
        try model.touchUp(velocity: nil)
        for _ in 0..<5 { _ = model.advance() }
        let held = model.contentOffset.y
        #expect(held < 0)
        try model.touchDown(at: Vec2(200, 300))
        #expect(!model.isMoving)
        #expect(model.advance() == .zero, "the finger holds the content where it is")
        #expect(model.contentOffset.y == held)
        // A further pull continues along the same band.
        let raw = -held * 800 / (0.55 * (800 + held))
        try model.drag(by: Vec2(0, 50), frames: 1)
        _ = model.advance()
        #expect(abs(model.contentOffset.y + expectedBand(raw + 50, 800)) < 1e-9)
    }

    @Test func flingPastTheEdgeBouncesBack() throws {
        var model = tallModel()
        try model.touchDown(at: Vec2(200, 100))
        try model.drag(by: Vec2(0, 100), frames: 1)
        _ = model.advance()
        try model.touchUp(velocity: nil)
        _ = model.advance()
        try model.fling(velocity: Vec2(0, -300), rate: 0.998)
        settle(&model)
        #expect(model.contentOffset.y == 0)
    }
}

@Suite struct ProgrammaticScrollTests {
    @Test func scrollSpreadsAndClampsWithoutRubberBand() {
        var model = tallModel(offset: 1000, contentHeight: 2000)
        model.scroll(by: Vec2(5, 300), frames: 3)
        #expect(model.isMoving)
        #expect(model.advance() == Vec2(0, 100))
        #expect(model.advance() == Vec2(0, 100))
        #expect(model.advance() == Vec2(0, 0), "clamped at the maximum 1200")
        #expect(model.contentOffset == Vec2(0, 1200))
        model.scroll(by: Vec2(0, -5000), frames: 1)
        _ = model.advance()
        #expect(model.contentOffset.y == 0)
    }

    @Test func scrollToJumpsAtTheNextAdvance() throws {
        var model = tallModel(contentHeight: 2000)
        try model.scrollTo(Vec2(0, 1200))
        #expect(model.isMoving)
        #expect(model.contentOffset.y == 0)
        #expect(model.advance() == Vec2(0, 1200))
        #expect(!model.isMoving)
    }

    @Test func contentSizeChangeClamps() throws {
        var model = tallModel(offset: 1200, contentHeight: 2000)
        model.contentSize = Size(width: 400, height: 1500)
        #expect(model.maximumOffset == Vec2(0, 700))
        #expect(model.isMoving)
        #expect(model.advance() == Vec2(0, -500))
        #expect(model.contentOffset.y == 700)
        #expect(!model.isMoving)

        // Content smaller than the viewport: the maximum is 0.
        model.contentSize = Size(width: 400, height: 300)
        _ = model.advance()
        #expect(model.contentOffset.y == 0)
    }

    @Test func aFingerHoldsShrunkContentInTheBand() throws {
        var model = tallModel(offset: 1200, contentHeight: 2000)
        try model.touchDown(at: Vec2(200, 400))
        model.contentSize = Size(width: 400, height: 1500)
        #expect(model.isMoving)
        _ = model.advance()
        #expect(abs(model.contentOffset.y - (700 + expectedBand(500, 800))) < 1e-9)
        #expect(!model.isMoving)
        try model.touchUp(velocity: nil)
        settle(&model)
        #expect(model.contentOffset.y == 700)
    }

    @Test func horizontalAxisScrollsX() throws {
        var model = ScrollModel(
            viewportSize: Size(width: 400, height: 800), contentSize: Size(width: 4000, height: 800),
            axis: .horizontal, frameDuration: 1.0 / 120)
        try model.touchDown(at: Vec2(300, 200))
        try model.drag(by: Vec2(-100, 40), frames: 2)
        settle(&model)
        #expect(model.contentOffset == Vec2(100, 0))
        #expect(model.touchLocation == Vec2(300, 240))
        try model.touchUp(velocity: Vec2(-800, 999))
        settle(&model)
        #expect(model.contentOffset.y == 0)
        #expect(model.contentOffset.x > 100)
    }
}

@Suite struct ScrollErrorTests {
    @Test func fingerErrors() throws {
        var model = tallModel()
        #expect(throws: ScrollError.noFingerDown) { try model.touchUp(velocity: nil) }
        #expect(throws: ScrollError.noFingerDown) { try model.drag(by: Vec2(0, 10), frames: 1) }
        try model.touchDown(at: .zero)
        #expect(throws: ScrollError.fingerAlreadyDown) { try model.touchDown(at: .zero) }
        #expect(throws: ScrollError.fingerDown) { try model.fling(velocity: Vec2(0, 100), rate: 0.998) }
    }

    @Test func rangeAndRateErrors() {
        var model = tallModel(contentHeight: 2000)
        let maximum = Vec2(0, 1200)
        #expect(throws: ScrollError.offsetOutOfRange(offset: Vec2(0, 1201), maximum: maximum)) {
            try model.scrollTo(Vec2(0, 1201))
        }
        #expect(throws: ScrollError.offsetOutOfRange(offset: Vec2(0, -1), maximum: maximum)) {
            try model.scrollTo(Vec2(0, -1))
        }
        #expect(throws: ScrollError.offsetOutOfRange(offset: Vec2(3, 10), maximum: maximum)) {
            try model.scrollTo(Vec2(3, 10))
        }
        for rate in [0.0, 1.0, -0.5, 1.5, .nan] {
            #expect(throws: ScrollError.self) { try model.fling(velocity: Vec2(0, 100), rate: rate) }
        }
        #expect(throws: ScrollError.invalidRate(1)) { try model.fling(velocity: Vec2(0, 100), rate: 1) }
        #expect(!model.isMoving, "refused commands change nothing")
    }

    @Test func messagesAreSentences() {
        let errors: [ScrollError] = [
            .fingerAlreadyDown, .noFingerDown, .fingerDown,
            .offsetOutOfRange(offset: Vec2(0, 5), maximum: Vec2(0, 1)), .invalidRate(2),
        ]
        for error in errors {
            #expect(error.message.first?.isUppercase == true)
            #expect(error.message.hasSuffix("."))
        }
    }
}
