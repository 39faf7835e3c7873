/// The little CSV the sweep writes and reads back (RFC 4180): fields separated by commas,
/// lines by "\n"; a field holding a comma, quote, CR or LF is quoted with quotes doubled.
enum CSVText {
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingQuotes + "\""
    }

    static func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\n"
    }

    /// Splits CSV text into records of fields. A trailing newline does not make an empty record.
    /// Returns nil when a quoted field is not closed.
    static func records(_ text: String) -> [[String]]? {
        var records: [[String]] = []
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var afterQuote = false
        var atRecordStart = true
        for character in text {
            if inQuotes {
                if character == "\"" {
                    inQuotes = false
                    afterQuote = true
                } else {
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"":
                if afterQuote { field.append("\"") }  // "" inside a quoted field
                inQuotes = true
                afterQuote = false
                atRecordStart = false
            case ",":
                fields.append(field)
                field = ""
                afterQuote = false
                atRecordStart = false
            case "\n", "\r\n":
                fields.append(field)
                records.append(fields)
                fields = []
                field = ""
                afterQuote = false
                atRecordStart = true
            default:
                field.append(character)
                afterQuote = false
                atRecordStart = false
            }
        }
        if inQuotes { return nil }
        if !atRecordStart {
            fields.append(field)
            records.append(fields)
        }
        return records
    }
}

extension String {
    fileprivate var replacingQuotes: String {
        var result = ""
        for character in self {
            if character == "\"" { result += "\"\"" } else { result.append(character) }
        }
        return result
    }
}
