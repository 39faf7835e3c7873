import Foundation
import MosaicLayout
import Testing
import Tether

/// A fling over the mosaic with springy cells: the cells near the finger follow it, the far ones
/// lag behind and bunch up, and as the scroll slows they spring back into the mosaic.
@Suite struct MosaicFlingTests {
    let mosaic = MosaicLayout(width: 390)

    /// The mosaic's attributes, as Tether's layout elements.
    func elements(itemCount: Int) -> [LayoutElement] {
        mosaic.attributes(itemCount: itemCount).map { attributes in
            LayoutElement(
                section: attributes.section, item: attributes.item,
                kind: attributes.isHeader ? .header : .cell,
                frame: attributes.frame, zIndex: attributes.isHeader ? 1 : 0)
        }
    }

    /// A finger lands low on the screen, pushes the mosaic up 300 pt in a quarter of a second
    /// and lets go at 1 800 pt/s.
    func fling() throws -> Scenario {
        try Scenario(
            name: "mosaic-fling", frames: 180,
            viewport: CGSize(width: 390, height: 844),
            elements: elements(itemCount: 60),
            dynamics: .springy(.ash),
            events: [
                .swipe(
                    frame: 10, from: CGPoint(x: 195, y: 700), by: CGPoint(x: 0, y: -300),
                    over: 15, velocity: CGPoint(x: 0, y: -1800)),
            ])
    }

    @Test func flingMatchesItsGolden() throws {
        try assertGolden(of: fling())
    }

    /// How far each listed cell is from its place in the mosaic: the largest distance, in points.
    func largestDisplacement(in frame: ReplayFrame) -> Double {
        let places = Dictionary(uniqueKeysWithValues: elements(itemCount: 60).filter { $0.kind == .cell }.map { ($0.item, $0.frame) })
        return frame.elements.filter { $0.kind == .cell }.map { cell in
            let place = places[cell.item]!
            return hypot(Double(cell.center.x - place.midX), Double(cell.center.y - place.midY))
        }.max() ?? 0
    }

    @Test func cellsLagWhileDraggedAndSettleAfter() throws {
        let frames = try fling().replay().frames()
        let peak = frames.map(largestDisplacement).max()!
        #expect(largestDisplacement(in: frames[0]) == 0)
        #expect(peak > 10)
        #expect(largestDisplacement(in: frames.last!) < peak / 10)
    }
}
