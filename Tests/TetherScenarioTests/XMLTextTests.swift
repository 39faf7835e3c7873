import Testing
import TetherScenario

/// The one XML/HTML escaper: markup characters as references, what XML cannot hold replaced,
/// line breaks kept unless an attribute must keep them through a parser.
@Suite struct XMLTextTests {
    @Test func markupCharactersBecomeReferences() {
        #expect(XMLText.escaped(#"a < b && c > "d" 'e'"#) == "a &lt; b &amp;&amp; c &gt; &quot;d&quot; &#39;e&#39;")
        #expect(XMLText.escaped("plain — ünïcode ✓") == "plain — ünïcode ✓")
    }

    @Test func charactersXMLCannotHoldAreReplaced() {
        #expect(XMLText.escaped("a\u{1}b\u{1F}c\u{FFFE}d\u{FFFF}") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}")
        #expect(XMLText.escaped("a\rb") == "a&#13;b")
    }

    @Test func lineBreaksStayUnlessAskedForAsReferences() {
        #expect(XMLText.escaped("a\nb\tc") == "a\nb\tc")
        #expect(XMLText.escaped("a\nb\tc", lineBreaksAsReferences: true) == "a&#10;b&#9;c")
    }
}
