import Testing
@testable import TetherJSON

@Suite struct JSONPathTests {
    @Test func describesPathsTheWayPeopleWriteThem() {
        #expect(JSONPath.root.description == "$")
        #expect(JSONPath.root.appending("frames").description == "frames")
        #expect(JSONPath.root.appending("dynamics").appending("spring").appending("damping").description == "dynamics.spring.damping")
        #expect(JSONPath.root.appending("events").appending(3).appending("by").appending("x").description == "events[3].by.x")
        #expect(JSONPath.root.appending("layout").appending("itemSizes").appending(0).appending(2).appending("width").description
            == "layout.itemSizes[0][2].width")
        #expect(JSONPath.root.appending("items").appending("my key").description == #"items["my key"]"#)
        #expect(JSONPath.root.appending("a\"b").description == #"["a\"b"]"#)
        #expect(JSONPath.root.appending("2d").appending("_x1").description == #"["2d"]._x1"#)
        #expect(JSONPath.root.appending("").description == #"[""]"#)
        #expect(JSONPath.root.appending(4).appending("id").description == "$[4].id")
    }

    @Test func parsesDottedKeysAndIndexes() throws {
        #expect(try JSONPath(parsing: "frames").components == [.key("frames")])
        #expect(try JSONPath(parsing: "a.b[2].c").components == [.key("a"), .key("b"), .index(2), .key("c")])
        #expect(try JSONPath(parsing: "layout.itemSizes[0][2].width").components
            == [.key("layout"), .key("itemSizes"), .index(0), .index(2), .key("width")])
        #expect(try JSONPath(parsing: "item-size.x y").components == [.key("item-size"), .key("x y")])
        #expect(try JSONPath(parsing: #"items["my key"].w"#).components == [.key("items"), .key("my key"), .key("w")])
        #expect(try JSONPath(parsing: "$") == .root)
        #expect(try JSONPath(parsing: "$.a[1]").components == [.key("a"), .index(1)])
        #expect(try JSONPath(parsing: "$[1]").components == [.index(1)])
        #expect(try JSONPath(parsing: "[1].a").components == [.index(1), .key("a")])
    }

    @Test func printedPathsParseBack() throws {
        let paths = [
            JSONPath.root,
            JSONPath([.key("events"), .index(3), .key("by"), .key("x")]),
            JSONPath([.key("my key"), .key("a.b"), .key("q\"uote\\"), .index(0), .key("")]),
            JSONPath([.index(2), .index(0)]),
        ]
        for path in paths {
            #expect(try JSONPath(parsing: path.description) == path, "\(path)")
        }
    }

    @Test(arguments: [
        ("", 1, "the path is empty"),
        ("a..b", 3, "empty key between '.'s"),
        (".a", 1, "the path starts with '.'"),
        ("a.", 3, "the path ends with '.'"),
        ("a.[0]", 3, "expected a key after '.'"),
        ("a[", 3, "unclosed '['"),
        ("a[1", 4, "unclosed '['"),
        ("a[]", 3, "empty index '[]'"),
        ("a[x]", 3, "expected an index (digits) or a quoted key after '['"),
        ("a[-1]", 3, "expected an index (digits) or a quoted key after '['"),
        ("a[1x]", 4, "expected ']' but found 'x'"),
        ("a[1]b", 5, "expected '.' or '[' before 'b'"),
        ("a]", 2, "unexpected ']'"),
        ("a[\"b]", 3, "unterminated quoted key"),
        ("a[99999999999999999999]", 3, "index is too large"),
    ])
    func rejectsMalformedPaths(text: String, column: Int, message: String) {
        #expect(throws: JSONPathSyntaxError(text: text, column: column, message: message)) {
            try JSONPath(parsing: text)
        }
    }
}
