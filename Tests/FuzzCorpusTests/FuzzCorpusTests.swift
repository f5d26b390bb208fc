import Foundation
import LiveUIFuzzTargets
import Testing

/// The repository's `Fuzz/corpus/` folder.
private let corpusFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus")

/// Every input `make fuzz` kept, through the fuzz targets' own checks, without libFuzzer's instrumented build:
/// a change that breaks an invariant on a known input fails here (`make fuzz` adds AddressSanitizer and
/// the search for new inputs).
@Suite("Fuzz corpus")
struct FuzzCorpusTests {
    @Test("every corpus input keeps its target's invariants", arguments: FuzzTarget.allCases)
    func corpusKeepsInvariants(_ target: FuzzTarget) throws {
        let folder = corpusFolder.appendingPathComponent(target.rawValue)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(!names.isEmpty, "Fuzz/corpus/\(target.rawValue) holds no inputs")
        for name in names {
            let input = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            do {
                try target.run(input)
            } catch {
                Issue.record("Fuzz/corpus/\(target.rawValue)/\(name): \(error.description)")
            }
        }
    }
}
