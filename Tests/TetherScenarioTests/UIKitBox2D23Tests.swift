import Foundation
import Testing
import TetherPhysics

import TetherJSON
@testable import TetherScenario

/// The UIKit clock against Box2D 2.3 itself on drop scenes: `Fixtures/box2d23/NAME.json` are
/// the scenes, `NAME.csv` the trajectories pybox2d 2.3.10 gives them at 100 pt per metre
/// (`tools/box2d23_reference.py`: frame, item, x, y, angle).
@Suite struct UIKitBox2D23Tests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/box2d23")

    struct Pose {
        var x: Double
        var y: Double
        var angle: Double
    }

    /// Every frame's poses on the UIKit clock.
    static func replay(_ name: String) throws -> [[Pose]] {
        let text = try String(contentsOf: fixtures.appendingPathComponent("\(name).json"), encoding: .utf8)
        let scenario = try ScenarioLoader.decode(try JSONParser.parse(text), file: "\(name).json")
        #expect(scenario.solver == .uikit)
        var replay = WorldReplay(scenario)
        func poses() -> [Pose] {
            replay.animator.bodies.map { body in
                let p = replay.world.position(of: body)
                return Pose(x: p.x, y: p.y, angle: replay.world.rotation(of: body).angle)
            }
        }
        var frames = [poses()]
        while frames.count < scenario.frames {
            try replay.advance()
            frames.append(poses())
        }
        return frames
    }

    /// Box2D 2.3's poses, by frame and item.
    static func reference(_ name: String) throws -> [[Pose]] {
        let text = try String(contentsOf: fixtures.appendingPathComponent("\(name).csv"), encoding: .utf8)
        var frames: [[Pose]] = []
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",").map { Double($0)! }
            let frame = Int(fields[0])
            if frame == frames.count { frames.append([]) }
            frames[frame].append(Pose(x: fields[2], y: fields[3], angle: fields[4]))
        }
        return frames
    }

    /// The largest distance between the two at each frame.
    static func distances(_ a: [[Pose]], _ b: [[Pose]]) -> [Double] {
        zip(a, b).map { frameA, frameB in
            zip(frameA, frameB).map { p, q in ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot() }.max()!
        }
    }

    /// Rows of equal boxes side by side (friction 0.2) and boxes of unequal sizes (a column of
    /// three narrowing upwards, a narrow box on a wide one) stay within 2 pt of Box2D 2.3 at
    /// every frame; the free fall before the first landing is 2.3's to the CSV's rounding.
    @Test(arguments: ["rows-2x5", "unequal"])
    func followsBox2D23(name: String) throws {
        let ours = try Self.replay(name)
        let theirs = try Self.reference(name)
        #expect(ours.count == theirs.count)
        let d = Self.distances(ours, theirs)
        #expect(d.max()! < 2)
        #expect(d.prefix(50).max()! < 0.001)
        // Resting on 2.3's skins: the last frame agrees closely too.
        #expect(d.last! < 0.5)
    }

    /// Columns of equal boxes: Box2D 2.3 tilts them as they land (its position iterations
    /// correct a manifold's two points one after the other) and they drift sideways, by 4.3 pt
    /// in the frictionless column of two. The UIKit clock corrects both points together and
    /// keeps them flat and in place (within 0.5 pt and 0.002 rad, part 2's bound), and rests at
    /// 2.3's heights within 2 pt; before the first landing it is 2.3's to the CSV's rounding.
    @Test(arguments: ["column-2", "column-5"])
    func columnsStayFlatWhereBox2D23Tilts(name: String) throws {
        let ours = try Self.replay(name)
        let theirs = try Self.reference(name)
        let start = ours[0]
        var ourDrift = 0.0, ourTurn = 0.0, theirDrift = 0.0
        for (frameOurs, frameTheirs) in zip(ours, theirs) {
            for k in start.indices {
                ourDrift = max(ourDrift, abs(frameOurs[k].x - start[k].x))
                ourTurn = max(ourTurn, abs(frameOurs[k].angle))
                theirDrift = max(theirDrift, abs(frameTheirs[k].x - start[k].x))
            }
        }
        #expect(ourDrift <= 0.5)
        #expect(ourTurn <= 0.002)
        #expect(theirDrift > 1)  // 2.3 drifts: the reason for the exception
        let d = Self.distances(ours, theirs)
        #expect(d.prefix(45).max()! < 0.001)
        for k in start.indices { #expect(abs(ours.last![k].y - theirs.last![k].y) < 2) }
    }

    /// Where Box2D 2.3's discrete contacts lose a box, the UIKit clock loses it in the same frame:
    /// a light 21×21 box under a 27×55 and a 77×32, dropped 14 pt apart (elasticity 0.5). The light
    /// box bounces off the floor into the falling tall box, which sinks into it within one step
    /// (2.3 has no time of impact between two moving bodies) until they overlap more deeply
    /// than across; the SAT then parts them along a side face and the light box is squeezed out
    /// sideways. Up to that frame the two are within 2 pt of each other, the UIKit clock exactly
    /// aligned; in it, both move the light box more than 5 pt sideways (to opposite sides: which
    /// side face wins is round-off in 2.3 and a tie in the UIKit clock). Part 2's bound cannot hold
    /// here on a clock that keeps 2.3's contacts.
    @Test func losesABoxWhereBox2D23Does() throws {
        let ours = try Self.replay("light-under-heavy")
        let theirs = try Self.reference("light-under-heavy")
        let start = ours[0]
        func firstStray(_ frames: [[Pose]]) -> Int? {
            frames.firstIndex { frame in frame.indices.contains { abs(frame[$0].x - start[$0].x) > 0.5 } }
        }
        let lost = try #require(firstStray(theirs))
        #expect(firstStray(ours) == lost)
        let d = Self.distances(ours, theirs)
        #expect(d.prefix(lost).max()! < 2)
        for frame in ours.prefix(lost) {
            for k in start.indices { #expect(frame[k].x == start[k].x && frame[k].angle == 0) }
        }
        #expect(abs(ours[lost][0].x - start[0].x) > 5)
        #expect(abs(theirs[lost][0].x - start[0].x) > 5)
    }
}
