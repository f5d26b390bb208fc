import CAllocationCounter
import Foundation
import LiveUI
import LiveUIDemoPages

// liveui-bench: in-process benchmarks of LiveUI (no sockets). `--quick` runs a tiny iteration count
// (what `make test` does, to prove the benchmark runs); `--json PATH` writes the results;
// `--iterations N` sets the events per measurement (2,000 by default; more for a profiler);
// `--profile EVENT` measures nothing but runs `--iterations` of one kind of event, for a profiler
// (`counter`, `counter-page`, `row`, `edit`, `append`, `reverse`, `scroll`, `todo-render`, `first-render`: see
// Profiling.swift; `--sessions N` spreads them over N sessions; `--cold KIB` writes KIB of other memory
// before each and sends them on the calling thread, as the HTTP server does; `--rows N` sets the list length
// of `row`, `reverse` and `first-render`, 1,000 by default); `--probe` prints how fast the machine runs right now (`MachineProbe`).

let arguments = CommandLine.arguments
let quick = arguments.contains("--quick")
/// The value after `flag` on the command line (`--only counter`), if any.
func option(_ flag: String) -> String? {
    arguments.firstIndex(of: flag).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}

// `--probe`: how fast the machine runs right now, by fixed work that involves none of LiveUI (see
// `MachineProbe`), as one line of JSON; `bench/run.py` runs it before each HTTP round.
if arguments.contains("--probe") {
    print(MachineProbe.measure(quick: quick).json)
    exit(0)
}

let jsonPath = option("--json")
let only = option("--only")
let profile = option("--profile")
var results: [Result] = []

/// Whether the group named `name` runs: all of them unless `--only NAME`; `--only memory` runs every
/// `memory-…` group (`bench/run.py` runs each memory group in a fresh process, so that one group's
/// freed-but-kept heap does not count against the next).
func selected(_ name: String) -> Bool { profile == nil && (only == nil || only == name || name.hasPrefix(only! + "-")) }

@_Concurrency.MainActor func report(_ result: Result) {
    results.append(result)
    let target = result.target.map { " (target \(result.lowerIsBetter ? "≤" : "≥") \(format($0)))" } ?? ""
    print("\(result.group) | \(result.name): \(format(result.measured)) \(result.unit)\(target)")
}

/// Reports `m`'s heap allocations per event, when the process counts them.
@_Concurrency.MainActor func reportAllocations(group: String, name: String, _ m: Measurement) {
    guard let allocations = m.allocations else { return }
    report(Result(group: group, name: name, unit: "", measured: allocations,
                  note: "every malloc of the process per event: a count, the same from run to run"))
}

func format(_ value: Double) -> String {
    value >= 100 ? String(format: "%.0f", value) : String(format: "%.2f", value)
}

let iterations = quick ? 20 : option("--iterations").flatMap { Int($0) }.map { max(10, $0) } ?? 2000

// 1. Counter click
if selected("counter") {
    let session = LiveSession(changeLog: .discard) { MinimalCounter() }
    let html = await session.html()
    _ = try await measure(session, iterations: quick ? 5 : 200) { _ in .click("increment") }  // warm-up
    let m = try await measure(session, iterations: iterations) { _ in .click("increment") }
    report(Result(group: "counter", name: "click mean", unit: "µs", measured: m.samples.mean))
    report(Result(group: "counter", name: "click p50", unit: "µs", measured: m.samples.p50))
    report(Result(group: "counter", name: "click p99", unit: "µs", measured: m.samples.p99))
    report(Result(group: "counter", name: "process CPU per click", unit: "µs", measured: m.cpu, target: 20,
                  note: "in-process (no HTTP); bench/run.py clicks the same counter over HTTP (/counter/minimal)"))
    reportAllocations(group: "counter", name: "heap allocations per click", m)
    report(Result(group: "counter", name: "body evaluations per click", unit: "", measured: m.evaluations, target: 1))
    report(Result(group: "counter", name: "patch bytes per click", unit: "B", measured: m.bytes, target: 100))
    report(Result(group: "counter", name: "full HTML bytes", unit: "B", measured: Double(html.utf8.count)))
    // The same click run on this thread, as the HTTP server runs events, alternately right after another
    // click (caches warm) and after 1 MiB of other memory was written (caches cold), as a server's core runs
    // the kernel and other requests between two of one session's events under load.
    let (warm, cold) = try clicksOnCaller(session, pairs: iterations, flush: CacheFlush(kibibytes: 1024))
    report(Result(group: "counter", name: "click on the caller's thread p50, caches warm", unit: "µs", measured: warm.p50,
                  note: "`send(_:onCallerIfIdle:)`, the HTTP server's way; every other click of the same run"))
    report(Result(group: "counter", name: "click on the caller's thread p50, caches cold", unit: "µs", measured: cold.p50,
                  note: "the other clicks, each after 1 MiB (this machine's L2) was written on the same thread: the "
                      + "click's code and data come from the shared cache or memory, as under HTTP load (no target)"))
    await session.close()

    // The gallery's /counter page (which bench/run.py also clicks over HTTP), in-process.
    let page = LiveSession(changeLog: .discard) { CounterPage() }
    _ = await page.html()
    _ = try await measure(page, iterations: quick ? 5 : 200) { _ in .click("increment") }
    let p = try await measure(page, iterations: iterations) { _ in .click("increment") }
    report(Result(group: "counter", name: "demo /counter page: process CPU per click", unit: "µs", measured: p.cpu,
                  note: "the gallery's counter page (navigation stack, three buttons, a link), without HTTP"))
    reportAllocations(group: "counter", name: "demo /counter page: heap allocations per click", p)
    report(Result(group: "counter", name: "demo /counter page: click p50", unit: "µs", measured: p.samples.p50))
    report(Result(group: "counter", name: "demo /counter page: body evaluations per click", unit: "", measured: p.evaluations))
    report(Result(group: "counter", name: "demo /counter page: graph nodes", unit: "", measured: Double(page.statistics.liveNodes)))
    report(Result(group: "counter", name: "demo /counter page: patch bytes per click", unit: "B", measured: p.bytes, target: 100))
    await page.close()
}

// 2. Keyed lists
var rowLocal: [Int: Measurement] = [:]
let listSizes = !selected("lists") ? [] : quick ? [10, 1000] : [10, 1000, 10000]
var lists: [(n: Int, session: LiveSession)] = []
for n in listSizes {
    let group = "list N=\(n)"
    let start = now()
    let cpuStart = processCPUNanoseconds()
    let session = LiveSession(changeLog: .discard) { RowsPage(count: n) }
    let html = await session.html()
    report(Result(group: group, name: "(e) first render", unit: "µs", measured: Double(now() - start) / 1e3))
    report(Result(group: group, name: "(e) process CPU", unit: "µs", measured: Double(processCPUNanoseconds() - cpuStart) / 1e3))
    report(Result(group: group, name: "full HTML bytes", unit: "B", measured: Double(html.utf8.count)))
    _ = try await measure(session, iterations: quick ? 2 : 50) { .click("row-\(($0 * 104_729) % n)") }  // warm-up
    lists.append((n, session))
}
// (a) for every N in turn, batch by batch: this shared machine's slow and fast phases then fall on all
// sizes alike, and the N = 10,000 ÷ N = 10 ratio compares like with like.
let rowBatches = quick ? 1 : 10
for round in 0..<rowBatches {
    for (n, session) in lists {
        let perBatch = quick ? 10 : (n >= 10000 ? 50 : 100)
        let offset = round * perBatch
        let batch = try await measure(session, iterations: perBatch) { .click("row-\((($0 + offset) * 7919) % n)") }
        rowLocal[n] = rowLocal[n].map { $0.merged(with: batch) } ?? batch
    }
}
for (n, session) in lists {
    let group = "list N=\(n)"
    guard let a = rowLocal[n] else { continue }
    report(Result(group: group, name: "(a) row-local @State mean", unit: "µs", measured: a.samples.mean))
    report(Result(group: group, name: "(a) row-local @State p50", unit: "µs", measured: a.samples.p50))
    report(Result(group: group, name: "(a) row-local @State p99", unit: "µs", measured: a.samples.p99))
    report(Result(group: group, name: "(a) process CPU per event", unit: "µs", measured: a.cpu, target: n == 1000 ? 35 : nil,
                  note: n == 1000 ? "in-process (no HTTP)" : ""))
    reportAllocations(group: group, name: "(a) heap allocations per event", a)
    report(Result(group: group, name: "(a) body evaluations", unit: "", measured: a.evaluations, target: 1))
    report(Result(group: group, name: "(a) patch bytes", unit: "B", measured: a.bytes, target: 100))
    let heavy = quick ? 3 : (n >= 10000 ? 20 : 100)
    let b = try await measure(session, iterations: heavy) { _ in .click("edit") }
    report(Result(group: group, name: "(b) parent array element mean", unit: "µs", measured: b.samples.mean))
    report(Result(group: group, name: "(b) process CPU per event", unit: "µs", measured: b.cpu))
    reportAllocations(group: group, name: "(b) heap allocations per event", b)
    report(Result(group: group, name: "(b) body evaluations", unit: "", measured: b.evaluations))
    report(Result(group: group, name: "(b) patch bytes", unit: "B", measured: b.bytes, target: n == 1000 ? 100 : nil))
    let c = try await measure(session, iterations: heavy) { _ in .click("append") }
    report(Result(group: group, name: "(c) append mean", unit: "µs", measured: c.samples.mean))
    report(Result(group: group, name: "(c) process CPU per event", unit: "µs", measured: c.cpu))
    reportAllocations(group: group, name: "(c) heap allocations per event", c)
    report(Result(group: group, name: "(c) body evaluations", unit: "", measured: c.evaluations))
    report(Result(group: group, name: "(c) patch bytes", unit: "B", measured: c.bytes))
    let d = try await measure(session, iterations: quick ? 2 : (n >= 10000 ? 5 : 20)) { _ in .click("reverse") }
    report(Result(group: group, name: "(d) reverse mean", unit: "µs", measured: d.samples.mean))
    report(Result(group: group, name: "(d) process CPU per event", unit: "µs", measured: d.cpu))
    reportAllocations(group: group, name: "(d) heap allocations per event", d)
    report(Result(group: group, name: "(d) body evaluations", unit: "", measured: d.evaluations))
    report(Result(group: group, name: "(d) patch bytes", unit: "B", measured: d.bytes))
    await session.close()
}
if let small = rowLocal[10], let large = rowLocal[quick ? 1000 : 10000] {
    let big = quick ? "1,000" : "10,000"
    // CPU time and the median are robust to a shared machine (preemption inflates the mean and p99).
    report(Result(group: "ratios", name: "(a) process CPU per event, N = \(big) ÷ N = 10", unit: "×", measured: large.cpu / small.cpu, target: 2))
    report(Result(group: "ratios", name: "(a) p50 latency, N = \(big) ÷ N = 10", unit: "×", measured: large.samples.p50 / small.samples.p50, target: 2))
    report(Result(group: "ratios", name: "(a) mean latency, N = \(big) ÷ N = 10", unit: "×", measured: large.samples.mean / small.samples.mean))
}

// 3. The seed's ViewStorage scroll
if selected("scroll") {
    let session = LiveSession(changeLog: .discard) { BenchScroll() }
    let html = await session.html()
    let m = try await measure(session, iterations: quick ? 50 : 1000) { .scroll("scroller", x: 0, y: Double($0 % 500)) }
    report(Result(group: "scroll", name: "1,000 events below threshold: mean", unit: "µs", measured: m.samples.mean))
    reportAllocations(group: "scroll", name: "heap allocations per event below the threshold", m)
    report(Result(group: "scroll", name: "body evaluations per event", unit: "", measured: m.evaluations, target: 0))
    report(Result(group: "scroll", name: "patch bytes per event", unit: "B", measured: m.bytes, target: 0))
    let crossing = try await session.send(.scroll("scroller", x: 0, y: -5))
    report(Result(group: "scroll", name: "crossing: patches", unit: "", measured: Double(crossing.patches.count), target: 1))
    report(Result(group: "scroll", name: "crossing: patch bytes", unit: "B", measured: Double(crossing.patchBytes)))
    report(Result(group: "scroll", name: "full HTML bytes", unit: "B", measured: Double(html.utf8.count)))
    await session.close()
}

// Lazy stacks: the first page and scrolling of a 100,000-row LazyVStack (LazyBench.swift).
if selected("lazy") { try await lazyBench(quick: quick, report: report) }

// What sleeping rows cost (SleepingRowsBench.swift).
if selected("todo") { try await sleepingRowsBench(quick: quick, iterations: iterations, report: report) }

// 4. Memory per session, each group meant to run in a fresh process (MemoryBench.swift).

if selected("memory-counter") {
    let count = quick ? 100 : 10000
    await memory(group: "memory-counter", name: "\(count) idle counter sessions", count: count,
                 make: { LiveSession(changeLog: .discard) { MinimalCounter() } }, targetPerSession: 10_000, targetTotalMB: quick ? nil : 100)
}
if selected("memory-todo") {
    let count = quick ? 20 : 1000
    await memory(group: "memory-todo", name: "\(count) todo sessions (20 items)", count: count,
                 make: { LiveSession(changeLog: .discard) { BenchTodos() } }, targetPerSession: nil)
}
if selected("memory-bigtodo") {
    // The issue's "1,000-row todo session": the todo page (a text and a delete button per item, in a
    // `List`) with 1,000 items.
    let count = quick ? 2 : 20
    await memory(group: "memory-bigtodo", name: "\(count) todo sessions of 1,000 items", count: count,
                 make: { LiveSession(changeLog: .discard) { BenchTodos(count: 1000) } }, targetPerSession: 200, unitKB: true)
}
if selected("memory-list") {
    // 100 sessions: what a session adds to the process, with the memory one session's build leaves
    // resident (≈ 0.6–0.8 MB of partly used pages, whichever the session count) spread thin. With 20
    // sessions, that adds ≈ 30–40 KB to each (198–207 KB for 162 KB of heap a session, against 172 KB
    // with 60 or 100).
    let count = quick ? 2 : 100
    await memory(group: "memory-list", name: "\(count) sessions of a 1,000-row list", count: count,
                 make: { LiveSession(changeLog: .discard) { RowsPage(count: 1000) } }, targetPerSession: 200, unitKB: true)
}

if selected("memory-lazy") {
    let count = quick ? 2 : 100
    await memory(group: "memory-lazy", name: "\(count) sessions of a 100,000-row lazy list", count: count,
                 make: { LiveSession(changeLog: .discard) { LazyListPage(count: 100_000) } }, targetPerSession: 300, unitKB: true)
}

// `--profile EVENT` (Profiling.swift): one kind of event, many times, for a profiler; exits.
if let profile { try await runProfile(profile, iterations: iterations) }

if let jsonPath {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data = try encoder.encode(results)
    try data.write(to: URL(fileURLWithPath: jsonPath))
}
let missed = results.filter { $0.met == false }
print("\(results.count) measurements, \(missed.count) targets missed")
