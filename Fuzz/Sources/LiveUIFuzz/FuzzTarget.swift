import Foundation

/// The fuzz targets one `liveui-fuzz` binary holds; `LIVEUI_FUZZ_TARGET` picks one (the environment, not
/// an argument, so that the processes libFuzzer starts for `-merge=1` and `-fork` pick the same one).
enum FuzzTarget: String, CaseIterable, Sendable {
    case eventBody = "event-body"
    case requestValidation = "request-validation"
    case configuration
    case escaping

    /// The target named by `LIVEUI_FUZZ_TARGET`, if any.
    static let selected = ProcessInfo.processInfo.environment["LIVEUI_FUZZ_TARGET"].flatMap(FuzzTarget.init(rawValue:))

    /// Runs one input; a broken invariant stops the process (libFuzzer then keeps the input as a crash).
    func run(_ input: UnsafeBufferPointer<UInt8>) {
        let bytes = Array(input)
        switch self {
        case .eventBody: EventBodyFuzz.run(bytes)
        case .requestValidation: RequestValidationFuzz.run(bytes)
        case .configuration: ConfigurationFuzz.run(bytes)
        case .escaping: EscapingFuzz.run(bytes)
        }
    }
}

/// Stops the process with `message` when `condition` is false, in debug and release builds alike.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError(message()) }
}

/// The pieces of a fuzz input separated by `separator` (empty pieces kept).
func pieces(of bytes: [UInt8], separator: UInt8) -> [[UInt8]] {
    bytes.split(separator: separator, omittingEmptySubsequences: false).map(Array.init)
}
