/// The fuzz targets: `liveui-fuzz` runs one under libFuzzer (`make fuzz`), and `FuzzCorpusTests` replays
/// every input of `Fuzz/corpus/<target>/` through the same `run` in the ordinary test build (`make test`).
public enum FuzzTarget: String, CaseIterable, Sendable {
    case eventBody = "event-body"
    case requestValidation = "request-validation"
    case configuration
    case escaping

    /// Runs one input; throws the first invariant it breaks (`liveui-fuzz` then stops the process, so
    /// libFuzzer keeps the input as a crash).
    public func run(_ input: [UInt8]) throws(FuzzFailure) {
        switch self {
        case .eventBody: try EventBodyFuzz.run(input)
        case .requestValidation: try RequestValidationFuzz.run(input)
        case .configuration: try ConfigurationFuzz.run(input)
        case .escaping: try EscapingFuzz.run(input)
        }
    }
}

/// The pieces of a fuzz input separated by `separator` (empty pieces kept).
func pieces(of bytes: [UInt8], separator: UInt8) -> [[UInt8]] {
    bytes.split(separator: separator, omittingEmptySubsequences: false).map(Array.init)
}
