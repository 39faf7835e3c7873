import TetherJSON
import TetherLayout

/// A custom layout's `elementsFile`: a JSON array of element objects, or a CSV file that
/// `tether run` wrote, read at one frame (so any frame Tether printed can become a layout).
///
/// The kind of file is told by its first character: `[` starts a JSON array, anything else must be
/// Tether's CSV header. Problems inside the file name it and the place in it (a JSON path such as
/// `$[3].frame.width`, or a CSV line); a missing or unreadable file is exit 66.
public enum ElementsFile {
    static func read(
        _ name: String, at key: JSONPath, frame: Int?, frameKey: JSONPath, files: ScenarioFiles
    ) throws -> [LayoutAttributes] {
        let bytes = try files.read(name, at: key)
        return try decode(bytes, file: MessageText.path(files.resolve(name)), at: key, frame: frame, frameKey: frameKey)
    }

    /// The elements in the bytes of an elements file named `file` at `key` (`frameKey` for a
    /// CSV's `frame`), checked as when a scenario names it; every problem is a `ValidationError`.
    public static func decode(_ bytes: [UInt8], file: String, at key: JSONPath, frame: Int?, frameKey: JSONPath) throws -> [LayoutAttributes] {
        guard isJSONArray(bytes) else { return try readCSV(bytes, file: file, key: key, frame: frame, frameKey: frameKey) }
        if frame != nil {
            throw ValidationError(frameKey, "\"frame\" picks a frame of a CSV file, but \(file) is a JSON array of elements")
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw ValidationError(key, "\(file): line \(error.line), column \(error.column): \(error.message)")
        }
        let elements: [LayoutAttributes]
        do {
            elements = try CustomLayoutDecoder.decodeElements(document, at: .root)
        } catch let error as ValidationError {
            throw ValidationError(key, "\(file): \(error.path): \(error.message)")
        }
        try CustomLayoutDecoder.checkList(elements, source: .jsonFile(key: key, file: file))
        return elements
    }

    /// The first character other than white space (after a byte order mark, `ByteOrderMark`) is `[`.
    static func isJSONArray(_ bytes: [UInt8]) -> Bool {
        var i = ByteOrderMark.length(in: bytes)
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        return i < bytes.count && bytes[i] == UInt8(ascii: "[")
    }

    private static func readCSV(_ bytes: [UInt8], file: String, key: JSONPath, frame: Int?, frameKey: JSONPath) throws -> [LayoutAttributes] {
        let rows: ElementsCSV.Rows
        do {
            rows = try ElementsCSV.read(bytes, frame: frame)
        } catch {
            switch error {
            case .row(let line, let message): throw ValidationError(key, "\(file): line \(line): \(message)")
            case .noSuchFrame(let message): throw ValidationError(frameKey, "\(file): \(message)")
            }
        }
        try CustomLayoutDecoder.checkList(rows.elements, source: .csvFile(key: key, file: file, lines: rows.lines))
        return rows.elements
    }
}
