import Foundation
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
