import Foundation
import LiveUIFuzzTargets

// libFuzzer's driver, linked in by `-sanitize=fuzzer`. SwiftPM gives every executable a `main` of its
// own, so libFuzzer's `main` is never linked: this one hands the arguments to the driver instead.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The target named by `LIVEUI_FUZZ_TARGET` (the environment, not an argument, so that the processes
/// libFuzzer starts for `-merge=1` and `-fork` pick the same one).
let selectedTarget = ProcessInfo.processInfo.environment["LIVEUI_FUZZ_TARGET"].flatMap(FuzzTarget.init(rawValue:))

guard let target = selectedTarget else {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
    FileHandle.standardError.write(Data("set LIVEUI_FUZZ_TARGET to one of: \(names)\n".utf8))
    exit(2)
}
// The configuration target must not read config/liveui.json on every input: it reads none where it runs.
if target == .configuration { _ = FileManager.default.changeCurrentDirectoryPath(NSTemporaryDirectory()) }

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzTestOneInput))

/// One input, as libFuzzer hands it over (also under the name its own `main` would call); a broken
/// invariant stops the process, so libFuzzer keeps the input as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    do {
        try selectedTarget?.run(Array(UnsafeBufferPointer(start: data, count: size)))
    } catch {
        fatalError(error.description)
    }
    return 0
}
