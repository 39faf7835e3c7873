import TetherScenario

/// Text building for the pictures: deterministic numbers and escaped markup.
///
/// Numbers go through `FixedDecimal` (rounded half away from zero, never an exponent, no
/// `-0`), then lose trailing zeros: `12.50` is written `12.5`, `3.00` is `3`. Pictures are
/// compared byte for byte, so no number here depends on locale or `printf`.
struct Markup {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 1 << 16) {
        bytes.reserveCapacity(capacity)
    }

    mutating func text(_ s: String) {
        bytes.append(contentsOf: s.utf8)
    }

    mutating func append(_ more: [UInt8]) {
        bytes.append(contentsOf: more)
    }

    mutating func line(_ s: String) {
        bytes.append(contentsOf: s.utf8)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// A number with at most `decimals` decimals, trailing zeros dropped.
    mutating func number(_ value: Double, _ decimals: Int) {
        Self.appendNumber(value, decimals, to: &bytes)
    }

    mutating func integer(_ value: Int) {
        FixedDecimal.append(value, to: &bytes)
    }

    static func appendNumber(_ value: Double, _ decimals: Int, to bytes: inout [UInt8]) {
        FixedDecimal.appendTrimmed(value, decimals: decimals, to: &bytes)
    }
}

/// `number(x, d)` as a String.
func fmt(_ value: Double, _ decimals: Int) -> String {
    FixedDecimal.trimmedText(value, decimals: decimals)
}

/// A JSON string literal that is also safe inside an HTML `<script>` element (`</` and `<!--`
/// are written with `\u003c`).
func jsonString(_ s: String) -> String {
    var out = "\""
    for c in s.unicodeScalars {
        switch c {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "<": out += "\\u003c"
        case ">": out += "\\u003e"
        case "&": out += "\\u0026"
        case "\u{2028}": out += "\\u2028"
        case "\u{2029}": out += "\\u2029"
        default:
            if c.value < 0x20 {
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(c)
            }
        }
    }
    return out + "\""
}

/// Fill colours: cells by section (eight hues, cycling), other kinds fixed.
enum Palette {
    static let sections = ["#f28e2b", "#4e79a7", "#59a14f", "#e15759", "#b07aa1", "#76b7b2", "#edc948", "#9c755f"]
    static let series = ["#4e79a7", "#f28e2b", "#e15759", "#59a14f", "#b07aa1", "#76b7b2", "#edc948", "#9c755f", "#ff9da7", "#bab0ac"]

    static func fill(_ element: RenderElement) -> String {
        switch element.kind {
        case .cell: sections[element.section % sections.count]
        case .header: "#8a8f98"
        case .footer: "#b4b9c1"
        case .decoration: "#d7dbe0"
        case .item: "#6b8fd6"
        case .viewport: "none"
        }
    }
}
