// swift-tools-version:6.0
// A SwiftUI app moved over to LiveUI: its views changed `import SwiftUI` to `import LiveUI`, its `@main` file
// imports `LiveUIServer`. It depends on the library by path, as yours would (`.package(path: "../LiveUI")`,
// or a git URL with `from:`).
import PackageDescription

let package = Package(
    name: "Standups",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "LiveUI", path: "../..")],
    targets: [
        .executableTarget(
            name: "Standups",
            dependencies: [
                .product(name: "LiveUIServer", package: "LiveUI"),
                // What `import Foundation` brings on Apple platforms: the model files import it by name.
                .product(name: "Combine", package: "LiveUI"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
