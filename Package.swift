// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "LiveUI",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "LiveUI", targets: ["LiveUI"]),
        // Combine's names on Linux, so model files with `import Combine` compile unchanged.
        .library(name: "Combine", targets: ["Combine"]),
        .library(name: "LiveUIServer", targets: ["LiveUIServer"]),
        .executable(name: "liveui-demo", targets: ["LiveUIDemo"]),
        .executable(name: "liveui-bench", targets: ["LiveUIBench"]),
    ],
    targets: [
        .target(name: "CLiveUILock"),
        .target(name: "Combine", dependencies: ["CLiveUILock"]),
        .target(name: "LiveUI", dependencies: ["Combine"]),
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        // LiveUI's client (Public/) is compiled into the library: see docs/client-assets.md.
        .target(name: "LiveUIServer", dependencies: ["LiveUI", "CMicroHTTPD"], plugins: ["ClientAssetsPlugin"]),
        .executableTarget(name: "EmbedClientAssets"),
        .plugin(name: "ClientAssetsPlugin", capability: .buildTool(), dependencies: ["EmbedClientAssets"]),
        .target(name: "LiveUIDemoPages", dependencies: ["LiveUI"]),
        .executableTarget(name: "LiveUIDemo", dependencies: ["LiveUIServer", "LiveUIDemoPages"]),
        .target(name: "CAllocationCounter"),
        .executableTarget(name: "LiveUIBench", dependencies: ["LiveUI", "LiveUIDemoPages", "CAllocationCounter"]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "LiveUITests", dependencies: ["LiveUI", "TestSupport"]),
        .testTarget(name: "CombineTests", dependencies: ["Combine"]),
        .testTarget(name: "LiveUIServerTests", dependencies: ["LiveUIServer", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
