/// Text escaped for XML and HTML, the one escaper of every page, picture and report Tether
/// writes (the player, SVGs, heatmaps, JUnit XML).
public enum XMLText {
    /// `text` safe in character data and in a quoted attribute value alike: `& < > " '` as
    /// references, a carriage return as `&#13;` (a parser would fold it into a line feed), and
    /// the characters XML 1.0 cannot hold at all (controls other than tab and line feed,
    /// U+FFFE, U+FFFF) as U+FFFD. Tabs and line feeds stay as they are, unless
    /// `lineBreaksAsReferences`: an attribute value's parser turns them into spaces, so JUnit
    /// attributes that must keep them write `&#9;` and `&#10;`.
    public static func escaped(_ text: String, lineBreaksAsReferences: Bool = false) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            case "\r": output += "&#13;"
            case "\n" where lineBreaksAsReferences: output += "&#10;"
            case "\t" where lineBreaksAsReferences: output += "&#9;"
            case "\n", "\t": output.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: output += "\u{FFFD}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
