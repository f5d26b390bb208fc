/// LiveUI brings Combine's names with it, as SwiftUI does on Apple platforms: a file with `import LiveUI`
/// reaches `ObservableObject`, `@Published` and the subjects, and a model file with only `import Combine`
/// compiles against the same types.
@_exported import Combine
