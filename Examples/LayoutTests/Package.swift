// swift-tools-version:6.0
// An app's layout and its tests, outside the Tether repository's own targets: the layout is plain
// Swift, and the tests depend on the Tether library by path, as an app depends on it by URL.
import PackageDescription

let package = Package(
    name: "LayoutTests",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        // An app writes `.package(url: "https://github.com/OWNER/tether.git", from: "1.0.0")`.
        .package(name: "Tether", path: "../.."),
    ],
    targets: [
        /// The layout under test: computes its elements' frames as an app's layout would.
        .target(name: "MosaicLayout"),
        /// `Goldens/` holds the recorded replays, read and written by path.
        .testTarget(
            name: "MosaicLayoutTests",
            dependencies: ["MosaicLayout", .product(name: "Tether", package: "Tether")],
            exclude: ["Goldens"]),
    ]
)
