/// The one rule for byte order marks, for every text input Tether reads (scenario and elements
/// JSON, elements and golden CSV, sweep shards, and any reader added later): a UTF-8 byte order
/// mark (EF BB BF) at the very start of a file is skipped, because editors on Windows write one
/// and it carries no content; anywhere else U+FEFF is an ordinary character of the text, and the
/// reader treats it as it treats any other (JSON refuses it outside strings, a CSV field holding
/// it is not a number). The files are UTF-8: a UTF-16 or UTF-32 mark is not skipped, so such a
/// file is refused by its reader as invalid text.
public enum ByteOrderMark {
    /// EF BB BF.
    public static let utf8: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// 3 when `bytes` starts with the UTF-8 mark, else 0: where the text starts.
    public static func length(in bytes: some Collection<UInt8>) -> Int {
        bytes.starts(with: utf8) ? utf8.count : 0
    }

    /// The text without a leading mark.
    public static func skipped(_ text: String) -> Substring {
        text.hasPrefix("\u{FEFF}") ? text.dropFirst() : text[...]
    }
}
