// swift-tools-version:6.0
// An app of one's own on LiveUI: this package depends on the library by path, as yours would
// (`.package(path: "../LiveUI")`, or a git URL with `from:`).
import PackageDescription

let package = Package(
    name: "TeamBoard",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "LiveUI", path: "../..")],
    targets: [
        .executableTarget(name: "TeamBoard", dependencies: [.product(name: "LiveUIServer", package: "LiveUI")])
    ],
    swiftLanguageModes: [.v6]
)
