import Foundation
import TetherLayout
import TetherPhysics
@testable import TetherScenario

/// A fresh empty directory under the system temporary directory.
func makeScratchDirectory() -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tether-output-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    return url.path
}

func directoryEntries(_ path: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
}

func removeDirectory(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
}

/// Runs a writer over frames into a temporary file and returns the bytes.
func render(_ format: OutputFormat, header: OutputHeader, frames: [FrameRecord]) throws -> [UInt8] {
    let directory = makeScratchDirectory()
    defer { removeDirectory(directory) }
    let output = try OutputFile(path: directory + "/out")
    var writer = makeFrameWriter(format, sink: output.sink)
    try writer.begin(header)
    for frame in frames { try writer.write(frame) }
    try writer.finish()
    try output.commit()
    return Array(FileManager.default.contents(atPath: directory + "/out") ?? Data())
}

/// A small deterministic scene: a viewport row, a header and cells, a world item with an id.
func sampleFrames(count: Int = 3, cells: Int = 4) -> [FrameRecord] {
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
