import Foundation
import LiveUI

// liveui-bench: in-process benchmarks of LiveUI (no sockets). `--quick` runs a tiny iteration count
// (what `make test` does, to prove the benchmark runs); `--json PATH` writes the results.

let arguments = CommandLine.arguments
let quick = arguments.contains("--quick")
let jsonPath = arguments.firstIndex(of: "--json").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
let only = arguments.firstIndex(of: "--only").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
var results: [Result] = []

/// Whether the group named `name` runs (all of them unless `--only NAME`).
func selected(_ name: String) -> Bool { only == nil || only == name }

@MainActor func report(_ result: Result) {
    results.append(result)
    let target = result.target.map { " (target \(result.lowerIsBetter ? "≤" : "≥") \(format($0)))" } ?? ""
    print("\(result.group) | \(result.name): \(format(result.measured)) \(result.unit)\(target)")
}

func format(_ value: Double) -> String {
    value >= 100 ? String(format: "%.0f", value) : String(format: "%.2f", value)
}

/// Measures `iterations` events on one session; returns µs samples, evaluations and bytes per event.
func measure(_ session: LiveSession, iterations: Int, _ event: (Int) -> ClientEvent) async throws -> (Samples, Double, Double) {
    var samples = Samples()
    let evaluationsBefore = session.statistics.totalBodyEvaluations
    var bytes = 0
    for i in 0..<iterations {
        let start = now()
        let update = try await session.send(event(i))
        samples.add(Double(now() - start) / 1000)
        bytes += update.patchBytes
    }
    let evaluations = Double(session.statistics.totalBodyEvaluations - evaluationsBefore) / Double(iterations)
    return (samples, evaluations, Double(bytes) / Double(iterations))
}

let iterations = quick ? 20 : 2000

// 1. Counter click
if selected("counter") {
    let session = LiveSession(changeLog: .discard) { BenchCounter() }
    let html = await session.html()
    let (samples, evaluations, bytes) = try await measure(session, iterations: iterations) { _ in .click("increment") }
    report(Result(group: "counter", name: "click mean", unit: "µs", measured: samples.mean))
    report(Result(group: "counter", name: "click p99", unit: "µs", measured: samples.p99))
    report(Result(group: "counter", name: "body evaluations per click", unit: "", measured: evaluations, target: 1))
    report(Result(group: "counter", name: "patch bytes per click", unit: "B", measured: bytes, target: 100))
    report(Result(group: "counter", name: "full HTML bytes", unit: "B", measured: Double(html.utf8.count)))
}

// 2. Keyed lists
var rowLocalMean: [Int: Double] = [:]
for n in !selected("lists") ? [] : quick ? [10, 1000] : [10, 1000, 10000] {
    let start = now()
    let session = LiveSession(changeLog: .discard) { BenchList(count: n) }
    let html = await session.html()
    report(Result(group: "list N=\(n)", name: "(e) first render", unit: "ms", measured: Double(now() - start) / 1e6))
    report(Result(group: "list N=\(n)", name: "full HTML bytes", unit: "B", measured: Double(html.utf8.count)))
    let rowIterations = quick ? 10 : (n >= 10000 ? 500 : 1000)
    let (a, aEvals, aBytes) = try await measure(session, iterations: rowIterations) { .click("row-\(($0 * 7919) % n)") }
    rowLocalMean[n] = a.mean
    report(Result(group: "list N=\(n)", name: "(a) row-local @State mean", unit: "µs", measured: a.mean))
    report(Result(group: "list N=\(n)", name: "(a) row-local @State p99", unit: "µs", measured: a.p99))
    report(Result(group: "list N=\(n)", name: "(a) body evaluations", unit: "", measured: aEvals, target: 1))
    report(Result(group: "list N=\(n)", name: "(a) patch bytes", unit: "B", measured: aBytes, target: 100))
    let heavy = quick ? 3 : (n >= 10000 ? 20 : 100)
    let (b, bEvals, bBytes) = try await measure(session, iterations: heavy) { _ in .click("edit") }
    report(Result(group: "list N=\(n)", name: "(b) parent array element mean", unit: "µs", measured: b.mean))
    report(Result(group: "list N=\(n)", name: "(b) body evaluations", unit: "", measured: bEvals))
    report(Result(group: "list N=\(n)", name: "(b) patch bytes", unit: "B", measured: bBytes, target: n == 1000 ? 100 : nil))
    let (c, _, cBytes) = try await measure(session, iterations: heavy) { _ in .click("append") }
    report(Result(group: "list N=\(n)", name: "(c) append mean", unit: "µs", measured: c.mean))
    report(Result(group: "list N=\(n)", name: "(c) patch bytes", unit: "B", measured: cBytes))
    let (d, _, dBytes) = try await measure(session, iterations: quick ? 2 : (n >= 10000 ? 5 : 20)) { _ in .click("reverse") }
    report(Result(group: "list N=\(n)", name: "(d) reverse mean", unit: "µs", measured: d.mean))
    report(Result(group: "list N=\(n)", name: "(d) patch bytes", unit: "B", measured: dBytes))
    await session.close()
}
if let small = rowLocalMean[10], let large = rowLocalMean[quick ? 1000 : 10000] {
    report(Result(group: "ratios", name: "(a) cost at N=\(quick ? 1000 : 10000) / N=10", unit: "×", measured: large / small, target: 2))
}

// 3. The seed's ViewStorage scroll
if selected("scroll") {
    let session = LiveSession(changeLog: .discard) { BenchScroll() }
    let html = await session.html()
    let (samples, evaluations, bytes) = try await measure(session, iterations: quick ? 50 : 1000) { .scroll("scroller", x: 0, y: Double($0 % 500)) }
    report(Result(group: "scroll", name: "1,000 events below threshold: mean", unit: "µs", measured: samples.mean))
    report(Result(group: "scroll", name: "body evaluations per event", unit: "", measured: evaluations, target: 0))
    report(Result(group: "scroll", name: "patch bytes per event", unit: "B", measured: bytes, target: 0))
    let crossing = try await session.send(.scroll("scroller", x: 0, y: -5))
    report(Result(group: "scroll", name: "crossing: patches", unit: "", measured: Double(crossing.patches.count), target: 1))
    report(Result(group: "scroll", name: "crossing: patch bytes", unit: "B", measured: Double(crossing.patchBytes)))
    report(Result(group: "scroll", name: "full HTML bytes", unit: "B", measured: Double(html.utf8.count)))
}

// 4. Memory per session
@MainActor func memory(name: String, count: Int, make: () -> LiveSession, targetPerSession: Double?) async {
    let baseline = residentBytes()
    var sessions: [LiveSession] = []
    sessions.reserveCapacity(count)
    for _ in 0..<count {
        let session = make()
        _ = await session.html()
        sessions.append(session)
    }
    let loaded = residentBytes()
    let perSession = Double(loaded - baseline) / Double(count)
    report(Result(group: "memory", name: "\(name): bytes per session", unit: "B", measured: perSession, target: targetPerSession))
    report(Result(group: "memory", name: "\(name): total growth", unit: "MB", measured: Double(loaded - baseline) / 1e6))
    for session in sessions { await session.close() }
    sessions.removeAll()
    try? await Task.sleep(for: .milliseconds(100))
    let after = residentBytes()
    report(Result(group: "memory", name: "\(name): growth left after expiry", unit: "% of baseline", measured: 100 * Double(max(0, after - baseline)) / Double(baseline), target: 10))
}
if selected("memory") {
await memory(name: "\(quick ? 100 : 10000) idle counter sessions", count: quick ? 100 : 10000, make: { LiveSession(changeLog: .discard) { BenchCounter() } }, targetPerSession: 10_000)
await memory(name: "\(quick ? 20 : 1000) todo sessions (20 items)", count: quick ? 20 : 1000, make: { LiveSession(changeLog: .discard) { BenchTodos() } }, targetPerSession: nil)
do {
    let baseline = residentBytes()
    let session = LiveSession(changeLog: .discard) { BenchList(count: 1000) }
    _ = await session.html()
    report(Result(group: "memory", name: "one 1,000-row list session", unit: "KB", measured: Double(residentBytes() - baseline) / 1000, target: 200))
    await session.close()
}
}

if let jsonPath {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data = try encoder.encode(results)
    try data.write(to: URL(fileURLWithPath: jsonPath))
}
let missed = results.filter { $0.met == false }
print("\(results.count) measurements, \(missed.count) targets missed")
