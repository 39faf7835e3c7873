import Testing
import TetherTestSupport
@testable import TetherPhysics

/// Box2D's determinism test, on both clocks: a pile of 60 unlike bodies (sizes, shapes,
/// densities, materials, resistance, gravity, fixed rotation, one anchored) with joints of every
/// kind, some sharing a body, plus changes during the run (an impulse, a new spring setting, a
/// moved anchor, a joint and a body destroyed, a joint created in the freed slot), stepped 300
/// frames. Every 10th step the state is hashed bit for bit, so any change to what the solver
/// computes, however small, shows as the first 10-step window where the state differs.
///
/// The hashes were recorded once from the code as it was, and pin its bits. After a deliberate
/// change to the numbers, re-record: the failure message prints the new list as a Swift literal
/// to paste over the old one (and say in the commit why the bits changed).
@Suite struct DeterminismTests {
    static let accurateHashes: [UInt64] = [
        0xE2B1B146DCBA1058, 0x54A5E3FEC4FB0745, 0xBE0A03FB17BD2259, 0x04A504907D19562F, 0x15F8FC85D06BB99C,
        0xC7435B11074FA02C, 0x88ACA2568C4F06C6, 0x13A7EAE69141D4B9, 0x5B70A19870DB2033, 0xB8A0860DA3ABB370,
        0x1D84468741A3A8C3, 0x5A5E8D44AA36B7DE, 0xA1BBC1256B7070E5, 0xA129881F113B4F8F, 0x69E1E8135A490E9E,
        0xE9C1E5658382E9C8, 0x91ABF0F054C904CF, 0xC3D1473E1F512FF3, 0x8FCA20DC511CEF16, 0xD55D9F8219B5B83B,
        0xF7480ADD088A0A5B, 0x103FCB3B2929DCE7, 0xA0857676BAE3B113, 0x75999CB9C6935088, 0x34A6EAEEBF85F0AA,
        0x2C13881DDAD9E030, 0xE6DD15F0B9CE7C48, 0x349156096F9AA368, 0xAA9B64DC813A842C, 0x5F87E5A4FBAD51E5,
    ]
    static let uikitHashes: [UInt64] = [
        0x89B356DCEAEA5D19, 0x5BD258345C980F11, 0x009087F19F02310F, 0x232DE32F447CFB69, 0x57210E4EFEBA2324,
        0x0BAB5066776DCFA0, 0x587790F6FB1BB1C6, 0xC6F28670358E6960, 0x2757CCB851EF9728, 0x2EB118BB9DEACBDA,
        0xC49C89954D5A82ED, 0x61F74CFA3558C551, 0x8E6820D10EDA1C45, 0x3AF67734B9480BE2, 0x546114F348F3F2AA,
        0xB3AE12630B8ABDEC, 0xED6138A7BF7ABE2C, 0xC538CB3E1356D9E5, 0x95C7CD43BB2AFCE2, 0xE18ADB3ACB9A7B08,
        0x665276AAE3C0FDFC, 0xF18A9E3B0F389F07, 0x828D571C9A61B611, 0x7278CEEF057A41A1, 0x8A7E6CF61AE0C787,
        0xD08CCCCA7A53107C, 0xDAF9D4AB282ADF90, 0x735EA6B45FBA5D54, 0x13A411E5BC8001FF, 0xA475026B82742960,
    ]

    @Test func pileWithJointsOnTheAccurateClock() {
        Self.check(.accurate, expected: Self.accurateHashes)
    }

    @Test func pileWithJointsOnTheUIKitClock() {
        Self.check(.uikit, expected: Self.uikitHashes)
    }

    static func check(_ kind: SolverKind, expected: [UInt64]) {
        let actual = checkpointHashes(kind)
        if actual == expected { return }
        let firstDifference = actual.indices.first { $0 >= expected.count || actual[$0] != expected[$0] } ?? actual.count
        let window = "steps \(firstDifference * 10 + 1)…\((firstDifference + 1) * 10)"
        let literal = actual.map(hex).joined(separator: ", ")
        Issue.record(
            """
            \(kind) clock: final state hash \(hex(actual.last ?? 0)); the state first differs in \(window).
            Recorded list to paste after a deliberate change: [\(literal)]
            """)
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The state hash after every 10th of 300 steps.
    static func checkpointHashes(_ kind: SolverKind) -> [UInt64] {
        var scene = Pile(kind)
        var hashes: [UInt64] = []
        for step in 1...300 {
            scene.change(before: step)
            scene.world.step(timeStep: 1.0 / 60, substeps: 4)
            if step % 10 == 0 { hashes.append(scene.world.stateHash) }
        }
        // A scene worth hashing: everything finite, and the pile fell onto the floor.
        #expect(scene.world.firstNonFiniteBody == nil)
        let lowest = scene.world.bodyIDs.map { scene.world.position(of: $0).y }.max() ?? 0
        #expect(lowest > 550 && lowest < 600, "\(kind): lowest body at y = \(lowest)")
        return hashes
    }

    /// The scene: bodies and joints made from a seeded generator, in a box of four boundaries.
    struct Pile {
        var world = World()
        var bodies: [BodyID] = []
        // Joints changed during the run.
        var spring0 = JointID(rawValue: -1)
        var distance10 = JointID(rawValue: -1)
        var offsetAnchor = JointID(rawValue: -1)
        var weld = JointID(rawValue: -1)

        init(_ kind: SolverKind) {
            world.solverKind = kind
            world.allowsPause = false
            world.createBoundary(from: Vec2(-400, 600), to: Vec2(400, 600), group: 0)
            world.createBoundary(from: Vec2(-400, -400), to: Vec2(-400, 600), group: 0)
            world.createBoundary(from: Vec2(400, -400), to: Vec2(400, 600), group: 0)
            world.createBoundary(from: Vec2(-400, -400), to: Vec2(400, -400), group: 0)
            var random = SplitMix64(seed: 14)
            for k in 0..<60 {
                let (row, column) = (k / 10, k % 10)
                let size = Vec2(random.whole(20, 50), random.whole(20, 50))
                let angle = random.uniform(-0.2, 0.2)
                let definition = BodyDefinition(
                    position: Vec2(-290 + 60 * Double(column) + random.uniform(-5, 5), 80 * Double(row)),
                    size: size, rotation: Rotation(angle: angle), shape: k % 7 == 3 ? .ellipse : .rectangle,
                    linearVelocity: Vec2(random.uniform(-50, 50), random.uniform(-50, 50)),
                    angularVelocity: random.uniform(-1, 1), density: random.uniform(0.5, 2),
                    linearResistance: k % 5 == 0 ? random.uniform(0, 2) : 0,
                    angularResistance: k % 6 == 0 ? random.uniform(0, 2) : 0,
                    allowsRotation: k % 11 != 4, isAnchored: k == 57,
                    elasticity: random.uniform(0, 0.6), friction: random.uniform(0, 1))
                let body = world.createBody(definition)
                world.setCollisionGroups(items: 1, boundaries: 1, of: body)
                world.setAcceleration(Vec2(0, k % 9 == 2 ? 500 : 1000), of: body)
                if k % 13 == 6 { world.setForce(Vec2(200, 0), torque: 50, of: body) }
                bodies.append(body)
            }
            let b = bodies
            func anchor(_ body: Int, _ offset: Vec2) -> Vec2 { world.position(of: b[body]) + offset }
            // Anchor springs: point and axial springs, point and axial rods, two on one body.
            spring0 = world.createDistanceJoint(
                .anchor(anchor(0, Vec2(0, -30)), to: b[0], length: 0, frequency: 2, dampingRatio: 0.3))
            world.createDistanceJoint(.anchor(anchor(1, Vec2(20, -40)), to: b[1], frequency: 3, dampingRatio: 0.1))
            world.createDistanceJoint(.anchor(anchor(2, Vec2(0, -20)), to: b[2], length: 0, frequency: 0, dampingRatio: 0))
            world.createDistanceJoint(.anchor(anchor(3, Vec2(-30, -30)), to: b[3], frequency: 0, dampingRatio: 0))
            world.createDistanceJoint(.anchor(anchor(3, Vec2(30, -30)), to: b[3], length: 10, frequency: 1.5, dampingRatio: 0.7))
            // Distance joints: offsets, between bodies, springs and rods.
            distance10 = world.createDistanceJoint(
                DistanceJointDefinition(
                    bodyA: b[10], localAnchorA: Vec2(5, 5), bodyB: b[11], localAnchorB: Vec2(-5, 0), frequency: 4,
                    dampingRatio: 0.2))
            world.createDistanceJoint(
                DistanceJointDefinition(bodyA: b[12], localAnchorA: .zero, bodyB: b[13], localAnchorB: Vec2(0, 8), frequency: 0, dampingRatio: 0))
            world.createDistanceJoint(
                DistanceJointDefinition(bodyA: b[15], localAnchorA: .zero, bodyB: b[16], length: 0, frequency: 2, dampingRatio: 1))
            offsetAnchor = world.createDistanceJoint(
                .anchor(anchor(14, Vec2(0, -50)), to: b[14], offset: Vec2(5, -5), frequency: 1, dampingRatio: 0.5))
            // The iOS 9 kinds, to the world and between bodies; 11 and 13 also hold distance joints.
            world.createLimitJoint(.anchor(anchor(20, Vec2(0, -60)), to: b[20], offset: Vec2(3, 3)))
            world.createLimitJoint(LimitJointDefinition(bodyA: b[21], localAnchorA: .zero, bodyB: b[22], maxLength: 70))
            world.createLimitJoint(LimitJointDefinition(bodyA: b[13], localAnchorA: Vec2(0, 5), bodyB: b[51]))
            weld = world.createWeldJoint(
                WeldJointDefinition(bodyA: b[30], bodyB: b[31], anchor: 0.5 * (world.position(of: b[30]) + world.position(of: b[31]))))
            world.createWeldJoint(WeldJointDefinition(bodyA: nil, bodyB: b[35], anchor: anchor(35, Vec2(10, 0))))
            world.createRevoluteJoint(
                RevoluteJointDefinition(
                    bodyA: b[32], bodyB: b[33], anchor: anchor(33, Vec2(-20, 0)), angleRange: -0.5...0.5, frictionTorque: 2000))
            world.createRevoluteJoint(RevoluteJointDefinition(bodyA: nil, bodyB: b[34], anchor: anchor(34, Vec2(0, -15))))
            world.createRevoluteJoint(RevoluteJointDefinition(bodyA: b[11], bodyB: b[50], anchor: anchor(11, Vec2(0, 30))))
            world.createPrismaticJoint(
                PrismaticJointDefinition(bodyA: b[40], bodyB: b[41], anchor: anchor(41, .zero), axis: Vec2(1, 1), translationRange: -20...20))
            world.createPrismaticJoint(PrismaticJointDefinition(bodyA: nil, bodyB: b[42], anchor: anchor(42, .zero), axis: Vec2(1, 0)))
        }

        /// What happens before `step`.
        mutating func change(before step: Int) {
            switch step {
            case 50:
                world.applyImpulse(Vec2(30, -40), at: Vec2(5, 5), to: bodies[25])
            case 100:
                world.destroyJoint(weld)
                world.destroyBody(bodies[45])
            case 150:
                world.setSpring(of: spring0, frequency: 1, dampingRatio: 0.9)
                world.setSpring(of: distance10, dampingRatio: 0.05, length: 30)
                world.setAnchor(world.position(of: bodies[14]) + Vec2(40, -40), of: offsetAnchor)
                world.setAnchor(Vec2(-200, 0), of: spring0)
            case 200:
                world.createRevoluteJoint(RevoluteJointDefinition(bodyA: bodies[30], bodyB: bodies[31], anchor: world.position(of: bodies[31])))
            default:
                break
            }
        }
    }
}

extension World {
    /// FNV-1a (64-bit) over the raw bits of every body's id, position, rotation and velocities,
    /// in solver order.
    var stateHash: UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ word: UInt64) {
            for byte in 0..<8 {
                hash ^= (word >> (8 * UInt64(byte))) & 0xFF
                hash &*= 0x100_0000_01B3
            }
        }
        for id in bodyIDs {
            let (p, q, v) = (position(of: id), rotation(of: id), velocity(of: id))
            mix(UInt64(UInt32(bitPattern: id.rawValue)))
            for value in [p.x, p.y, q.c, q.s, v.x, v.y, angularVelocity(of: id)] { mix(value.bitPattern) }
        }
        return hash
    }
}
