import Testing
@testable import TetherLayout
import TetherPhysics
import TetherTestSupport

/// A custom layout sorts, counts and bounds the elements it is given; rect queries over its
/// elements (in no order along the scroll axis, overlapping, turned) agree with a brute-force scan.
@Suite struct CustomLayoutTests {
    static func cell(_ section: Int, _ item: Int, _ frame: Rect, angle: Double = 0, zIndex: Int = 0) -> LayoutAttributes {
        LayoutAttributes(key: .cell(section, item), frame: frame, angle: angle, zIndex: zIndex)
    }

    static func element(_ kind: ElementKind, _ section: Int, _ item: Int, _ frame: Rect, zIndex: Int = 0) -> LayoutAttributes {
        LayoutAttributes(key: ElementKey(section: section, kind: kind, item: item), frame: frame, zIndex: zIndex)
    }

    @Test func elementsAreSortedIntoOutputOrderAndCellsCountedPerSection() {
        let square = Rect(x: 0, y: 0, width: 10, height: 10)
        let given = [
            Self.element(.decoration, 1, 0, square), Self.cell(1, 1, square), Self.cell(0, 0, square),
            Self.element(.footer, 0, 0, square), Self.cell(1, 0, square), Self.element(.header, 1, 0, square),
        ]
        let layout = CustomLayout(elements: given)
        #expect(layout.attributes.map(\.key) == [
            .cell(0, 0), ElementKey(section: 0, kind: .footer, item: 0), ElementKey(section: 1, kind: .header, item: 0),
            .cell(1, 0), .cell(1, 1), ElementKey(section: 1, kind: .decoration, item: 0),
        ])
        #expect(layout.sections == [1, 2])
        // A section only a decoration names has no cells; more sections can be asked for.
        #expect(CustomLayout(elements: [Self.element(.decoration, 2, 0, square)]).sections == [0, 0, 0])
        #expect(layout.withSectionCount(4).sections == [1, 2, 0, 0])
        #expect(layout.withSectionCount(1).sections == [1, 2])
        #expect(CustomLayout(elements: []).sections == [])
    }

    @Test func contentSizeIsTheUnionOfTheFramesFromTheOriginUnlessGiven() {
        let layout = CustomLayout(elements: [
            Self.cell(0, 0, Rect(x: -40, y: 10, width: 20, height: 20)),
            Self.cell(0, 1, Rect(x: 100, y: 300, width: 50, height: 40)),
            Self.element(.header, 0, 0, Rect(x: 0, y: 0, width: 320, height: 30)),
        ])
        #expect(layout.contentSize == Size(width: 320, height: 340))
        let given = CustomLayout(elements: layout.attributes, contentSize: Size(width: 320, height: 2000))
        #expect(given.contentSize == Size(width: 320, height: 2000))
        #expect(given.withSectionCount(3).contentSize == Size(width: 320, height: 2000))
        // Everything left of and above the origin: an empty content.
        #expect(CustomLayout(elements: [Self.cell(0, 0, Rect(x: -50, y: -50, width: 20, height: 20))]).contentSize == .zero)
        // A square turned by 45° reaches out by half its diagonal: 50·√2 around its center (100, 100).
        let turned = CustomLayout(elements: [Self.cell(0, 0, Rect(x: 50, y: 50, width: 100, height: 100), angle: DeterministicMath.pi / 4)])
        #expect(abs(turned.contentSize.width - (100 + 50 * 2.0.squareRoot())) < 1e-9)
        #expect(abs(turned.contentSize.height - (100 + 50 * 2.0.squareRoot())) < 1e-9)
    }

    @Test func aBoundingBoxIsTheFrameUprightAndTheTurnedOutlineOtherwise() {
        let frame = Rect(x: 10, y: 20, width: 100, height: 40)
        #expect(Self.cell(0, 0, frame).boundingBox == frame)
        // A quarter turn swaps width and height about the center (60, 40).
        let quarter = Self.cell(0, 0, frame, angle: DeterministicMath.pi / 2).boundingBox
        #expect(abs(quarter.minX - 40) < 1e-9 && abs(quarter.minY - (-10)) < 1e-9)
        #expect(abs(quarter.size.width - 40) < 1e-9 && abs(quarter.size.height - 100) < 1e-9)
        // Half a turn covers the frame itself again.
        let half = Self.cell(0, 0, frame, angle: -DeterministicMath.pi).boundingBox
        #expect(abs(half.minX - 10) < 1e-9 && abs(half.size.width - 100) < 1e-9 && abs(half.size.height - 40) < 1e-9)
    }

    @Test func duplicatesAndGapsAreFoundWithTheElementsThatShowThem() {
        let square = Rect(x: 0, y: 0, width: 10, height: 10)
        // The second of two equal keys is named, with the first.
        #expect(CustomLayout.problem(in: [Self.cell(0, 0, square), Self.cell(0, 1, square), Self.cell(0, 0, square)])
            == .duplicate(first: 0, second: 2))
        #expect(CustomLayout.problem(in: [
            Self.element(.header, 0, 0, square), Self.cell(0, 0, square), Self.element(.header, 0, 0, square),
        ]) == .duplicate(first: 0, second: 2))
        // A cell and a header may share an index path; supplementary items need not be contiguous.
        #expect(CustomLayout.problem(in: [
            Self.cell(0, 0, square), Self.element(.header, 0, 0, square), Self.element(.decoration, 0, 5, square),
        ]) == nil)
        // Item 1 missing: reported at the cell after the gap.
        #expect(CustomLayout.problem(in: [Self.cell(0, 2, square), Self.cell(0, 0, square)])
            == .missingCell(section: 0, missing: 1, next: 0))
        // A section whose cells do not start at 0, after a complete one.
        #expect(CustomLayout.problem(in: [Self.cell(0, 0, square), Self.cell(0, 1, square), Self.cell(1, 3, square)])
            == .missingCell(section: 1, missing: 0, next: 2))
        // Sections numbered with gaps are fine: the missing ones are empty.
        #expect(CustomLayout.problem(in: [Self.cell(3, 0, square), Self.cell(0, 0, square)]) == nil)
        #expect(CustomLayout.problem(in: []) == nil)
    }

    /// Elements in no order, overlapping, some long, some turned: what a custom layout may give.
    static func scatteredElements(seed: UInt64, count: Int) -> [LayoutAttributes] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { i in
            let frame = Rect(
                x: rng.whole(-100, 1000), y: rng.whole(-100, 3000), width: rng.whole(1, 200),
                height: i % 53 == 0 ? rng.whole(400, 2000) : rng.whole(1, 150))
            let angle = i % 3 == 0 ? rng.uniform(-3, 3) : 0
            let kind: ElementKind = i % 11 == 0 ? .decoration : .cell
            return LayoutAttributes(key: ElementKey(section: 0, kind: kind, item: i), frame: frame, angle: angle)
        }
    }

    @Test(arguments: [Axis.vertical, .horizontal])
    func rectQueriesOverAScatteredLayoutMatchBruteForce(axis: Axis) {
        let layout = CustomLayout(elements: Self.scatteredElements(seed: 12, count: 1500), scrollDirection: axis)
        let attributes = layout.attributes
        let index = LayoutIndex(attributes, axis: axis)
        var rng = SplitMix64(seed: axis == .vertical ? 21 : 22)
        var nonEmpty = 0
        for _ in 0..<800 {
            let rect = Rect(x: rng.uniform(-200, 1200), y: rng.uniform(-200, 3200), width: rng.uniform(0, 400), height: rng.uniform(0, 700))
            let expected = attributes.indices.filter { attributes[$0].boundingBox.intersects(rect) }
            #expect(index.indices(intersecting: rect) == expected, "\(rect)")
            if !expected.isEmpty { nonEmpty += 1 }
        }
        #expect(nonEmpty > 400)
    }

    @Test func aTurnedElementIsFoundWhereOnlyItsCornerReaches() {
        // A 100×100 square centered at (100, 100), turned 45°: its corner reaches x = 100 + 50·√2 ≈ 170.7
        // on the midline, outside its frame (which ends at 150).
        let square = Self.cell(0, 0, Rect(x: 50, y: 50, width: 100, height: 100), angle: DeterministicMath.pi / 4)
        let index = LayoutIndex([square], axis: .vertical)
        #expect(index.indices(intersecting: Rect(x: 160, y: 95, width: 5, height: 10)) == [0])
        #expect(index.indices(intersecting: Rect(x: 172, y: 95, width: 5, height: 10)).isEmpty)
    }
}
