import TetherScenario

/// The CSV the writer prints for frames, built in memory: goldens to compare.
func render(_ format: OutputFormat, header: OutputHeader, frames: [FrameRecord]) throws -> [UInt8] {
    let sink = OutputSink.inMemory()
    var writer = makeFrameWriter(format, sink: sink)
    try writer.begin(header)
    for frame in frames { try writer.write(frame) }
    try writer.finish()
    return sink.collectedBytes
}
