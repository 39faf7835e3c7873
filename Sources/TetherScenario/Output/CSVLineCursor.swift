import TetherJSON
import TetherPlatform

/// Walks the lines of a CSV file in place, one at a time, so comparing two 50 MB files
/// needs memory for the files and a line, nothing per row.
///
/// Golden comparison reads the CSV `tether run` writes with it, and the custom-layout decoder an
/// elements file. A final `\n` does not start an empty line; a `\r` before `\n` is dropped so a
/// golden that went through a CRLF checkout still compares.
public struct CSVLineCursor {
    public let bytes: [UInt8]
    /// Byte range of the current line (no line ending); nil past the end.
    public private(set) var line: Range<Int>?
    /// 1-based number of the current line (one past the last line at the end).
    public private(set) var lineNumber = 0
    private var next = 0

    /// The first line starts after a byte order mark (`ByteOrderMark`).
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        next = ByteOrderMark.length(in: bytes)
        advance()
    }

    public mutating func advance() {
        lineNumber += 1
        guard next < bytes.count else {
            line = nil
            next = bytes.count + 1
            return
        }
        let start = next
        var end: Int = bytes.withUnsafeBytes { (all: UnsafeRawBufferPointer) -> Int in
            guard let found = RawBytes.firstOffset(of: 0x0A, in: all.baseAddress! + start, count: all.count - start) else { return all.count }
            return start + found
        }
        next = end + 1
        if end > start && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        line = start..<end
    }

    /// The text of a byte range for messages: escaped and shortened (`MessageText.plain`).
    public func text(_ range: Range<Int>) -> String {
        MessageText.plain(bytes: bytes[range])
    }

    /// Whether a byte range holds exactly `text`.
    public func holds(_ range: Range<Int>, _ text: String) -> Bool {
        bytes[range].elementsEqual(text.utf8)
    }

    /// Splits the current line on commas into `fields`; false when it has no current line.
    public func fields(into fields: inout [Range<Int>]) -> Bool {
        fields.removeAll(keepingCapacity: true)
        guard let line else { return false }
        var start = line.lowerBound
        var i = start
        while i < line.upperBound {
            if bytes[i] == UInt8(ascii: ",") {
                fields.append(start..<i)
                start = i + 1
            }
            i += 1
        }
        fields.append(start..<line.upperBound)
        return true
    }

    /// Whether two ranges (of this and another cursor's bytes) hold the same bytes.
    public func same(_ range: Range<Int>, as other: CSVLineCursor, _ otherRange: Range<Int>) -> Bool {
        guard range.count == otherRange.count else { return false }
        return bytes.withUnsafeBytes { a in
            other.bytes.withUnsafeBytes { b in
                RawBytes.equal(a.baseAddress! + range.lowerBound, b.baseAddress! + otherRange.lowerBound, count: range.count)
            }
        }
    }

    /// The row kind named by a field, compared as bytes (no `String` per line).
    public func kind(_ range: Range<Int>) -> RowKind? {
        for kind in RowKind.allCases {
            let name = kind.staticName
            if name.utf8CodeUnitCount == range.count
                && bytes.withUnsafeBytes({ RawBytes.equal($0.baseAddress! + range.lowerBound, name.utf8Start, count: range.count) }) {
                return kind
            }
        }
        return nil
    }

    /// A plain decimal integer (`-?[0-9]{1,18}`), or nil.
    public func integer(_ range: Range<Int>) -> Int? {
        var i = range.lowerBound
        let negative = i < range.upperBound && bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        guard i < range.upperBound, range.upperBound - i <= 18 else { return nil }
        var value = 0
        while i < range.upperBound {
            let digit = Int(bytes[i]) - 0x30
            guard digit >= 0 && digit <= 9 else { return nil }
            value = value * 10 + digit
            i += 1
        }
        return negative ? -value : value
    }

    /// A number as the writers print it, parsed exactly when it has at most 15 significant
    /// digits (integer mantissa ÷ power of ten, both exact, one correctly rounded division);
    /// anything else goes through the standard parser. Nil for non-numbers.
    public func number(_ range: Range<Int>) -> Double? {
        var i = range.lowerBound
        let negative = i < range.upperBound && bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var mantissa: Int64 = 0
        var digits = 0
        var fraction = -1  // digits after the point, -1 before it
        while i < range.upperBound {
            let byte = bytes[i]
            if byte == UInt8(ascii: ".") && fraction < 0 {
                fraction = 0
            } else if byte >= 0x30 && byte <= 0x39 {
                mantissa = mantissa &* 10 &+ Int64(byte - 0x30)
                digits += 1
                if fraction >= 0 { fraction += 1 }
            } else {
                digits = 99  // not the plain shape: let the standard parser decide
                break
            }
            i += 1
        }
        if digits > 0 && digits <= 15 && fraction <= 15 {
            let value = Double(mantissa) / FixedDecimal.powerOfTen(max(fraction, 0))
            return negative ? -value : value
        }
        guard let value = Double(String(decoding: bytes[range], as: UTF8.self)), value.isFinite else {
            return nil
        }
        return value
    }
}
