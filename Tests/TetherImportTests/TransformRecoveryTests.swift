import Foundation
import Testing
import TetherImport
import TetherLayout
import TetherPhysics

/// A turned element's description prints its bounding box as the frame and the rotation as the
/// transform; the import recovers the rectangle before the turn and the angle.
@Suite struct TransformRecoveryTests {
    typealias F = ImportFixtures

    /// The description of a w × h rectangle centered on (cx, cy) turned by θ: the box from the
    /// closed form (|cos θ| w + |sin θ| h wide, |sin θ| w + |cos θ| h high), printed as UIKit prints it.
    static func turned(cx: Double, cy: Double, w: Double, h: Double, angle θ: Double, tx: Double = 0, ty: Double = 0) -> String {
        let c = cos(θ), s = sin(θ)
        let bw = abs(c) * w + abs(s) * h, bh = abs(s) * w + abs(c) * h
        let box = (x: cx + tx - bw / 2, y: cy + ty - bh / 2)
        return "<A: 0x1> index path: (<NSIndexPath: 0x2> {length = 2, path = 0 - 0}); frame = (\(F.g(box.x)) \(F.g(box.y)); \(F.g(bw)) \(F.g(bh))); transform = [\([c, s, -s, c, tx, ty].map(F.g17).joined(separator: ", "))]; "
    }

    @Test(arguments: [0.02, -0.3, 0.7, 1.2, Double.pi / 2, 2.5, -3.0, Double.pi])
    func angleAndSizeComeBack(angle: Double) throws {
        let e = try LayoutImport.read(Self.turned(cx: 160, cy: 300, w: 280, h: 180, angle: angle)).elements[0]
        #expect(abs(e.angle - angle) < 1e-12 || abs(abs(e.angle) - Double.pi) < 1e-12 && abs(abs(angle) - Double.pi) < 1e-12)
        // The printed box keeps 6 significant digits (≤ 0.0005 pt here); the size is solved from
        // it with 1/|cos 2θ| ≤ 1/cos(1.4) ≈ 5.9 times that error at worst among these angles.
        #expect(abs(e.frame.size.width - 280) < 0.005 && abs(e.frame.size.height - 180) < 0.005, "\(e.frame)")
        #expect(abs(e.frame.midX - 160) < 0.001 && abs(e.frame.midY - 300) < 0.001)
    }

    @Test func exactWhenTheBoxPrintsExactly() throws {
        // A quarter turn: the box is the rectangle on its side, printed exactly.
        let text = "<A: 0x1> index path: (<NSIndexPath: 0x2> {length = 2, path = 0 - 0}); frame = (50 -50; 100 300); transform = [0, 1, -1, 0, 0, 0]; "
        let e = try LayoutImport.read(text).elements[0]
        #expect(e.angle == Double.pi / 2)
        #expect(e.frame == Rect(x: -50, y: 50, width: 300, height: 100))
    }

    @Test func aTranslationIsWhereTheElementIsDrawn() throws {
        let e = try LayoutImport.read(Self.turned(cx: 100, cy: 100, w: 40, h: 20, angle: 0.5, tx: 30, ty: -10)).elements[0]
        // The box's x (≈ 107.654) and width print with 6 digits: the center is good to 1e-3 pt.
        #expect(abs(e.frame.midX - 130) < 1e-3 && abs(e.frame.midY - 90) < 1e-3, "\(e.frame)")
        let plain = "<A: 0x1> index path: (<NSIndexPath: 0x2> {length = 2, path = 0 - 0}); frame = (30 -10; 40 20); transform = [1, 0, 0, 1, 30, -10]; "
        let moved = try LayoutImport.read(plain).elements[0]
        #expect(moved.frame == Rect(x: 30, y: -10, width: 40, height: 20) && moved.angle == 0)
    }

    @Test(arguments: [
        ("[2, 0, 0, 2, 0, 0]", "scales the element (by 2 × 2)"),
        ("[1, 0, 0, 0.5, 0, 0]", "not a rotation"),
        ("[-1, 0, 0, 1, 0, 0]", "mirrors the element"),
        ("[1, 0, 0.5, 1, 0, 0]", "shears the element"),
    ])
    func otherMatricesAreRefusedAtTheTransform(matrix: String, reason: String) throws {
        let text = "(lldb) po a\n<A: 0x1> index path: (<NSIndexPath: 0x2> {length = 2, path = 0 - 0}); frame = (0 0; 10 10); transform = \(matrix); "
        let error = try #require(throws: ImportError.self) { try LayoutImport.read(text) }
        #expect(error.place == TextPlace(line: 2, column: 93))
        #expect(error.message.contains(reason), "\(error)")
    }

    @Test func nearADiagonalTheSizeIsUndetermined() throws {
        let error = try #require(throws: ImportError.self) {
            try LayoutImport.read(Self.turned(cx: 0, cy: 0, w: 30, h: 10, angle: Double.pi / 4 + 0.004))
        }
        #expect(error.message.contains("within 0.5° of a diagonal"))
        // 1° away it is read.
        #expect(try LayoutImport.read(Self.turned(cx: 0, cy: 0, w: 30, h: 10, angle: Double.pi / 4 + 0.0175)).elements.count == 1)
    }

    @Test func aBoxNoTurnedRectangleHasIsRefused() throws {
        let text = "<A: 0x1> index path: (<NSIndexPath: 0x2> {length = 2, path = 0 - 0}); frame = (0 0; 100 2); transform = [0.8, 0.6, -0.6, 0.8, 0, 0]; "
        let error = try #require(throws: ImportError.self) { try LayoutImport.read(text) }
        #expect(error.message.contains("no rectangle turned by it has this bounding box"))
    }
}
