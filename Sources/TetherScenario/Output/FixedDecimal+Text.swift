extension FixedDecimal {
    /// `value` with exactly `decimals` decimals as a String: the writers' text (`12.500`), for
    /// everything else Tether prints — sweep tables, bench figures, `tether spring`, pages.
    public static func text(_ value: Double, decimals: Int) -> String {
        var bytes: [UInt8] = []
        append(value, decimals: decimals, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text(value, decimals:)` without trailing zeros: `12.5`, `3` (pictures, `tether spring`'s
    /// short figures).
    public static func trimmedText(_ value: Double, decimals: Int) -> String {
        var bytes: [UInt8] = []
        appendTrimmed(value, decimals: decimals, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `value` with at most `decimals` decimals: trailing zeros, then a bare point, dropped.
    public static func appendTrimmed(_ value: Double, decimals: Int, to bytes: inout [UInt8]) {
        append(value, decimals: decimals, to: &bytes)
        guard decimals > 0, value.isFinite else { return }
        while bytes.last == UInt8(ascii: "0") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: ".") { bytes.removeLast() }
    }
}
