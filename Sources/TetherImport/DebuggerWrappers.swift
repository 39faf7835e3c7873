/// What surrounds the descriptions when a debugger, `print` or a log shows a list of them, and
/// what of it the reader uses.
///
/// The shapes:
/// - Objective-C arrays, as lldb's `po` prints them: `<__NSArrayM 0x600000c4a2e0>(` on a line,
///   then one description per line followed by `,`, then `)`; and `NSLog`'s `(`, `"<…>",`, `)`.
/// - Swift's `po` of an optional array: `▿ Optional<Array<UICollectionViewLayoutAttributes>>`,
///   `▿ some : 19 elements`, then `- 0 : <…>` for each element (`▿ 19 elements` without the
///   optional).
/// - Swift's `print` of an array, `[<…>, <…>]`, and of an optional, `Optional(<…>)`.
/// - Log prefixes (`2022-03-30 19:29:10.344602-0700 App[91415:1543678] [CollectionView] `),
///   lldb prompts and commands (`(lldb) po …`), and the words of UIKit's exceptions around
///   descriptions ("changed from <…> to <…> without invalidating the layout").
///
/// The reader finds descriptions wherever they start (an object header followed by
/// `index path:`, see `DescriptionParser`), so prefixes, prompts, markers and brackets before a
/// description need no rules; a description ends where no further field starts, so the `,`,
/// `]` and `)` after one end it. Two things of the wrappers carry information, read here: the
/// count a Swift dump announces (a dump cut short by lldb's `target.max-children-count` shows it
/// is incomplete), and an exception saying it is about a decoration view.
enum DebuggerWrappers {
    /// A Swift dump's announced element count: `▿ some : 19 elements`, `▿ 19 elements`.
    struct AnnouncedCount: Equatable {
        /// Offset of the line announcing it.
        var offset: Int
        var count: Int
    }

    /// Every count announced in the text, in order.
    static func announcedCounts(in source: SourceText) -> [AnnouncedCount] {
        var counts: [AnnouncedCount] = []
        for start in source.lineStarts {
            let line = source.text(start..<source.lineEnd(from: start)).trimmingSpaces
            guard line.hasPrefix("▿") else { continue }
            var rest = Substring(line.dropFirst()).drop { $0 == " " }
            if rest.hasPrefix("some") {
                rest = rest.dropFirst(4).drop { $0 == " " }
                guard rest.hasPrefix(":") else { continue }
                rest = rest.dropFirst().drop { $0 == " " }
            }
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            let word = rest.dropFirst(digits.count)
            guard let count = Int(digits), word == " elements" || word == " element" else { continue }
            counts.append(AnnouncedCount(offset: start, count: count))
        }
        return counts
    }

    /// What the words between two descriptions say about the elements after them.
    enum Category: Equatable {
        /// "… for decoration view …": an exception about decoration views.
        case decoration
        /// Another "layout attributes for …" message, or the end of one: nothing said.
        case unknown
    }

    /// The category the text between descriptions sets, or nil when it says nothing new.
    /// UIKit's messages read "layout attributes for decoration view of kind … changed from <…>
    /// to <…> without invalidating the layout".
    static func category(in text: String) -> Category? {
        if text.contains("decoration view") { return .decoration }
        if text.contains("layout attributes for") || text.contains("without invalidating") || text.contains("Layout attributes") {
            return .unknown
        }
        return nil
    }
}
