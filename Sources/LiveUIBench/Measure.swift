import Foundation
#if canImport(Glibc)
import Glibc
#endif
import LiveUI

/// Timing samples in nanoseconds.
struct Samples {
    var values: [Double] = []
    mutating func add(_ nanoseconds: Double) { values.append(nanoseconds) }
    var mean: Double { values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count) }
    var p99: Double { percentile(0.99) }
    var p50: Double { percentile(0.50) }
    func percentile(_ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }
}

/// Monotonic nanoseconds.
func now() -> UInt64 { MonotonicClock.nanoseconds() }

/// Resident memory of this process in bytes (from /proc/self/statm).
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// CPU time of this process (every thread, user + system) in nanoseconds, at the scheduler's precision.
func processCPUNanoseconds() -> UInt64 { cpuNanoseconds(CLOCK_PROCESS_CPUTIME_ID) }

/// CPU time of the calling thread in nanoseconds.
func threadCPUNanoseconds() -> UInt64 { cpuNanoseconds(CLOCK_THREAD_CPUTIME_ID) }

/// The CPU time `clock` counts, in nanoseconds.
private func cpuNanoseconds(_ clock: clockid_t) -> UInt64 {
    var time = timespec()
    clock_gettime(clock, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// One row of results.
struct Result: Codable {
    var group: String
    var name: String
    var unit: String
    var measured: Double
    var target: Double?
    /// true when smaller is better
    var lowerIsBetter = true
    var note: String = ""

    var met: Bool? {
        guard let target else { return nil }
        return lowerIsBetter ? measured <= target : measured >= target
    }
}

/// Returns the heap's free pages to the system (glibc keeps freed memory in its arenas otherwise),
/// so that a following `residentBytes()` counts live memory only.
/// (`malloc_trim` is declared in <malloc.h>, which the Glibc module does not export: looked up by name.)
func trimmedHeap() {
    #if canImport(Glibc)
    typealias MallocTrim = @convention(c) (Int) -> Int32
    if let symbol = dlsym(nil, "malloc_trim") {  // RTLD_DEFAULT is NULL on glibc
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
    }
    #endif
}

/// Bytes the heap has handed out and not taken back (glibc `malloc_stats()`'s "in use bytes", all
/// arenas and mmapped chunks), or nil if it cannot be read. Unlike RSS it does not count freed
/// memory the allocator keeps, nor pages never touched.
func heapInUseBytes() -> Int? {
    #if canImport(Glibc)
    typealias MallocStats = @convention(c) () -> Void
    guard let symbol = dlsym(nil, "malloc_stats") else { return nil }
    // malloc_stats() prints to stderr: point fd 2 at a temporary file for the call.
    let path = "/tmp/liveui-bench-malloc-stats-\(getpid())"
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { return nil }
    fflush(nil)  // every stream (stderr is unbuffered anyway)
    let saved = dup(2)
    dup2(fd, 2)
    unsafeBitCast(symbol, to: MallocStats.self)()
    fflush(nil)  // every stream (stderr is unbuffered anyway)
    dup2(saved, 2)
    close(saved)
    close(fd)
    defer { unlink(path) }
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    // The last "in use bytes" line is the total including mmapped chunks.
    let totals = text.split(separator: "\n").filter { $0.contains("in use bytes") }
    guard let last = totals.last, let value = last.split(separator: "=").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) else { return nil }
    return value
    #else
    return nil
    #endif
}

/// Threads of this process (from /proc/self/status).
func threadCount() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in text.split(separator: "\n") where line.hasPrefix("Threads:") {
        return Int(line.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces)) ?? 0
    }
    return 0
}

/// Hooks for `bench/alloctrack` (an `LD_PRELOAD` allocation tracker): when it is loaded and
/// `LIVEUI_ALLOCTRACK=PATH` is set, `start()` tags the allocations made from then on and `dump()`
/// writes those still live to PATH. Does nothing otherwise.
enum AllocationTracker {
    private static let path = ProcessInfo.processInfo.environment["LIVEUI_ALLOCTRACK"]

    static func start() {
        guard path != nil, let symbol = dlsym(nil, "alloctrack_start") else { return }
        unsafeBitCast(symbol, to: (@convention(c) (UInt32) -> Void).self)(1)
    }

    static func dump() {
        guard let path, let symbol = dlsym(nil, "alloctrack_dump") else { return }
        path.withCString { unsafeBitCast(symbol, to: (@convention(c) (UInt32, UnsafePointer<CChar>) -> Void).self)(1, $0) }
    }
}
