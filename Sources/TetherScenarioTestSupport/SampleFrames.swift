import TetherLayout
import TetherPhysics
import TetherScenario

/// A small deterministic scene, the frames the writers' tests and the goldens' tests both read:
/// a viewport row, a header and cells, a world item whose id needs quoting.
public func sampleFrames(count: Int = 3, cells: Int = 4) -> [FrameRecord] {
    (0..<count).map { index in
        var rows = [ElementRow(
            section: 0, item: 0, kind: .viewport,
            center: Vec2(160, 240 + Double(index)), size: Size(width: 320, height: 480))]
        rows.append(ElementRow(
            section: 0, item: 0, kind: .header, center: Vec2(160, 20), size: Size(width: 320, height: 40)))
        for item in 0..<cells {
            rows.append(ElementRow(
                section: 0, item: item, kind: .cell,
                center: Vec2(160, 64 + 44 * Double(item) + Double(index) * 0.25),
                size: Size(width: 320, height: 44), angle: 0.001 * Double(index), zIndex: item))
        }
        rows.append(ElementRow(
            section: 1, item: 0, kind: .item,
            center: Vec2(160, 22), size: Size(width: 44, height: 44), alpha: 0.5))
        return FrameRecord(
            index: index, time: Double(index) / 60, contentOffset: Vec2(0, Double(index)), rows: rows,
            itemIDs: ["card \"A\"\n"])
    }
}
