import Foundation

// libFuzzer's driver, linked in by `-sanitize=fuzzer`. SwiftPM gives every executable a `main` of its
// own, so libFuzzer's `main` is never linked: this one hands the arguments to the driver instead.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

guard let target = FuzzTarget.selected else {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
    FileHandle.standardError.write(Data("set LIVEUI_FUZZ_TARGET to one of: \(names)\n".utf8))
    exit(2)
}
// The configuration target must not read config/liveui.json on every input: it reads none where it runs.
if target == .configuration { _ = FileManager.default.changeCurrentDirectoryPath(NSTemporaryDirectory()) }

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzTestOneInput))

/// One input, as libFuzzer hands it over (also under the name its own `main` would call).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.selected?.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}
