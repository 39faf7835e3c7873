/// Suggests the name someone probably meant when they misspelled a key or option.
///
/// The work is bounded whatever is typed: a name longer than `longestCompared` characters is
/// not a misspelling of anything and gets no suggestion, a candidate whose length differs from
/// the name's by more than the allowed distance is skipped unread, and each distance is computed
/// in a band of that width, stopping once every path through it is over the limit. So refusing a
/// 60 MB key costs no more than refusing a short one, and a name among many candidates (item
/// ids) costs a bounded amount per candidate.
public enum DidYouMean {
    /// Names longer than this (in characters) get no suggestion.
    public static let longestCompared = 64

    /// The closest candidate within edit distance max(1, name.count / 3), compared
    /// case-insensitively; ties go to the earliest candidate so the answer never depends on
    /// anything but the list order. Nil when nothing is close.
    public static func suggestion(for name: String, among candidates: [String]) -> String? {
        // Bytes are counted in constant time; 16 a character leaves room for accents and emoji.
        guard name.utf8.count <= 16 * longestCompared else { return nil }
        let typed = Array(name.lowercased())
        guard typed.count <= longestCompared else { return nil }
        let limit = max(1, typed.count / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != name {
            // A length difference is a lower bound on the distance: skip before building anything.
            guard candidate.utf8.count <= 16 * (typed.count + limit) else { continue }
            let other = Array(candidate.lowercased())
            guard abs(other.count - typed.count) <= limit else { continue }
            if let distance = editDistance(typed, other, atMost: limit), distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// " (did you mean \"x\"?)" or "", ready to append to a message.
    public static func hint(for name: String, among candidates: [String]) -> String {
        guard let suggestion = suggestion(for: name, among: candidates) else { return "" }
        return " (did you mean \(MessageText.quoted(suggestion))?)"
    }

    /// Levenshtein distance when it is at most `limit`, else nil. Only cells within `limit` of
    /// the diagonal can lie on a path that short, so each row computes those (the others count
    /// as over the limit), and a row whose cells are all over the limit ends the search.
    static func editDistance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        let over = limit + 1
        var previous = (0...b.count).map { $0 <= limit ? $0 : over }
        var current = Array(repeating: over, count: b.count + 1)
        for i in 1...a.count {
            let low = max(1, i - limit), high = min(b.count, i + limit)
            current[0] = i <= limit ? i : over
            if low > 1 { current[low - 1] = over }
            var smallest = current[0]
            for j in low...high {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1, over)
                smallest = min(smallest, current[j])
            }
            if high < b.count { current[high + 1] = over }
            if smallest > limit { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}
