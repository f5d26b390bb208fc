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
        .executable(name: "liveui-store-bench", targets: ["LiveUIStoreBench"]),
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
        // The `sqlite:PATH` state store (docs/state-stores.md).
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // LiveUI's client (Public/) is compiled into the library: see docs/client-assets.md.
        .target(
            name: "LiveUIServer", dependencies: ["LiveUI", "CMicroHTTPD", "CSQLite"], plugins: ["ClientAssetsPlugin"]),
        .executableTarget(name: "EmbedClientAssets"),
        .plugin(name: "ClientAssetsPlugin", capability: .buildTool(), dependencies: ["EmbedClientAssets"]),
        .target(name: "LiveUIDemoPages", dependencies: ["LiveUI"]),
        .executableTarget(name: "LiveUIDemo", dependencies: ["LiveUIServer", "LiveUIDemoPages"]),
        // The state stores' cost per committed change (docs/state-stores.md).
        .executableTarget(name: "LiveUIStoreBench", dependencies: ["LiveUIServer"]),
        .target(name: "CAllocationCounter"),
        .executableTarget(name: "LiveUIBench", dependencies: ["LiveUI", "LiveUIDemoPages", "CAllocationCounter"]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "LiveUITests", dependencies: ["LiveUI", "TestSupport"]),
        .testTarget(name: "CombineTests", dependencies: ["Combine"]),
        .testTarget(name: "LiveUIServerTests", dependencies: ["LiveUIServer", "TestSupport"]),
        // Code written for SwiftUI before Swift 6 compiles against LiveUI in the Swift 5 language mode.
        .testTarget(
            name: "Swift5ModeTests", dependencies: ["LiveUI"], swiftSettings: [.swiftLanguageMode(.v5)]),
        // The fuzz targets' checks (Fuzz/README.md): `liveui-fuzz` runs them under libFuzzer, and
        // FuzzCorpusTests replays every corpus input through them in the ordinary test build. They reach
        // LiveUI's internals through `@testable import`, so they build in debug (and FUZZ_CONFIG=release).
        .target(name: "LiveUIFuzzTargets", dependencies: ["LiveUI", "LiveUIServer"], path: "Fuzz/Sources/LiveUIFuzzTargets"),
        .testTarget(name: "FuzzCorpusTests", dependencies: ["LiveUIFuzzTargets"]),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer binary (Fuzz/README.md), only with `ENABLE_FUZZ=1`: it links libFuzzer's driver
// (`-sanitize=fuzzer`), which only the instrumented build of Fuzz/run.sh provides.
if Context.environment["ENABLE_FUZZ"] == "1" {
    package.products.append(.executable(name: "liveui-fuzz", targets: ["LiveUIFuzz"]))
    package.targets.append(
        .executableTarget(name: "LiveUIFuzz", dependencies: ["LiveUIFuzzTargets"], path: "Fuzz/Sources/LiveUIFuzz",
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])]))
}
