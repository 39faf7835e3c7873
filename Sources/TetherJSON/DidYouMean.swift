/// Suggests the name someone probably meant when they misspelled a key or option.
public enum DidYouMean {
    /// The closest candidate within edit distance max(1, name.count / 3), compared
    /// case-insensitively; ties go to the earliest candidate so the answer never depends on
    /// anything but the list order. Nil when nothing is close.
    public static func suggestion(for name: String, among candidates: [String]) -> String? {
        let typed = Array(name.lowercased())
        let limit = max(1, typed.count / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let distance = editDistance(typed, Array(candidate.lowercased()))
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// " (did you mean \"x\"?)" or "", ready to append to a message.
    public static func hint(for name: String, among candidates: [String]) -> String {
        guard let suggestion = suggestion(for: name, among: candidates) else { return "" }
        return " (did you mean \(JSONValue.quoted(suggestion))?)"
    }

    /// Levenshtein distance with two rolling rows.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
