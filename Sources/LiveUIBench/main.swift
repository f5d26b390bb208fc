import CAllocationCounter
import Foundation
import LiveUI
import LiveUIDemoPages

// liveui-bench: in-process benchmarks of LiveUI (no sockets). `--quick` runs a tiny iteration count
// (what `make test` does, to prove the benchmark runs); `--json PATH` writes the results;
// `--iterations N` sets the events per measurement (2,000 by default; more for a profiler);
// `--profile EVENT` measures nothing but runs `--iterations` of one kind of event, for a profiler
// (`counter`, `counter-page`, `row`, `edit`, `append`, `reverse`, `scroll`, `todo-render`, `first-render`: see
// the end of this file; `--sessions N` spreads them over N sessions; `--cold KIB` writes KIB of other memory
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

@MainActor func report(_ result: Result) {
    results.append(result)
    let target = result.target.map { " (target \(result.lowerIsBetter ? "≤" : "≥") \(format($0)))" } ?? ""
    print("\(result.group) | \(result.name): \(format(result.measured)) \(result.unit)\(target)")
}

/// Reports `m`'s heap allocations per event, when the process counts them.
@MainActor func reportAllocations(group: String, name: String, _ m: Measurement) {
    guard let allocations = m.allocations else { return }
    report(Result(group: group, name: name, unit: "", measured: allocations,
                  note: "every malloc of the process per event: a count, the same from run to run"))
}

func format(_ value: Double) -> String {
    value >= 100 ? String(format: "%.0f", value) : String(format: "%.2f", value)
}

/// What `measure` found: latency samples (µs), body evaluations, patch bytes and process CPU time per event.
struct Measurement {
    var samples: Samples
    var evaluations: Double
    var bytes: Double
    /// Process CPU time (user + system, every thread: getrusage) per event, in µs: the median of ten
    /// equal batches, so that a burst of other work on this shared machine does not decide the figure.
    var cpu: Double { batchCPU.isEmpty ? 0 : batchCPU.sorted()[batchCPU.count / 2] }
    /// Process CPU per event of each batch, in µs.
    var batchCPU: [Double]
    var events: Int
    /// Heap allocations per event (every malloc of the process, see `CAllocationCounter`); `nil` when
    /// counting is unavailable. Unlike timings, the count is the same from run to run.
    var allocations: Double?

    /// This measurement and `other` (of the same operation) as one.
    func merged(with other: Measurement) -> Measurement {
        let total = events + other.events
        /// The per-event figure of both, weighted by their event counts.
        func combined(_ mine: Double, _ theirs: Double) -> Double {
            (mine * Double(events) + theirs * Double(other.events)) / Double(total)
        }
        return Measurement(
            samples: Samples(values: samples.values + other.samples.values),
            evaluations: combined(evaluations, other.evaluations), bytes: combined(bytes, other.bytes),
            batchCPU: batchCPU + other.batchCPU, events: total,
            allocations: allocations.flatMap { mine in other.allocations.map { combined(mine, $0) } })
    }
}

/// Measures `iterations` events on one session.
func measure(_ session: LiveSession, iterations: Int, _ event: (Int) -> ClientEvent) async throws -> Measurement {
    var samples = Samples()
    samples.values.reserveCapacity(iterations)
    let evaluationsBefore = session.statistics.totalBodyEvaluations
    var bytes = 0
    let batches = min(10, iterations)
    var batchCPU: [Double] = []
    batchCPU.reserveCapacity(batches + 1)
    let allocationsBefore = liveui_allocation_count()
    var batchStart = processCPUNanoseconds()
    var batchCount = 0
    for i in 0..<iterations {
        let start = now()
        let update = try await session.send(event(i))
        samples.add(Double(now() - start) / 1000)
        bytes += update.patchBytes
        batchCount += 1
        if batchCount == iterations / batches || i == iterations - 1 {
            let end = processCPUNanoseconds()
            batchCPU.append(Double(end - batchStart) / 1000 / Double(batchCount))
            batchStart = end
            batchCount = 0
        }
    }

    let allocationsAfter = liveui_allocation_count()
    let allocations = allocationsBefore < 0 ? nil : Double(allocationsAfter - allocationsBefore) / Double(iterations)
    let evaluations = Double(session.statistics.totalBodyEvaluations - evaluationsBefore) / Double(iterations)
    return Measurement(samples: samples, evaluations: evaluations, bytes: Double(bytes) / Double(iterations),
                       batchCPU: batchCPU, events: iterations, allocations: allocations)
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

// 4. Memory per session. Each group is meant to run in a fresh process (`--only memory-counter`, …).
// glibc keeps freed memory in its arenas, so the heap is trimmed (`malloc_trim(0)`) before every reading.
//
// Sessions come in two waves of `count`. The first is held against the process before any session
// (the issue's reading); the second against the process after the first, which shows whether closed
// sessions leave anything behind wave after wave. Sessions are opened and closed with the async API
// from the main actor, which runs an idle session's job right there: no libdispatch continuation is
// allocated per call (libdispatch caches up to 1,024 freed ones per thread, and when they were allocated
// all through a wave, among the sessions' objects, they pinned ≈ 3–4 MB that `malloc_trim` could not
// release).
@MainActor func memory(group: String, name: String, count: Int, make: () -> LiveSession,
                       targetPerSession: Double?, targetTotalMB: Double? = nil, unitKB: Bool = false) async {
    /// Creates and renders `count` sessions.
    func open() async -> [LiveSession] {
        var sessions: [LiveSession] = []
        sessions.reserveCapacity(count)
        for _ in 0..<count {
            let session = make()
            _ = await session.html()
            sessions.append(session)
        }
        return sessions
    }
    /// Closes `sessions`, lets their queues drain and trims the heap.
    func close(_ sessions: inout [LiveSession]) async {
        for session in sessions { await session.close() }
        sessions.removeAll()
        try? await Task.sleep(for: .milliseconds(200))
        trimmedHeap()
    }

    // Warm-up: a few sessions open at once, rendered and closed, so that one-time costs (metadata,
    // caches, and LiveUI's worker threads with their stacks and malloc arenas, which stay for the
    // process's life) are in the baseline. With one session, the pool's threads started during the
    // first wave and counted as what closed sessions left (≈ 6 % of the baseline for the list).
    let warmUp = min(count, 8)
    var warm: [LiveSession] = []
    for _ in 0..<warmUp {
        let session = make()
        _ = await session.html()
        warm.append(session)
    }
    await close(&warm)
    let coldBaseline = residentBytes()
    let coldHeapBaseline = heapInUseBytes()
    let coldThreads = threadCount()
    var firstWave = await open()
    await close(&firstWave)
    let afterFirstWave = residentBytes()
    let heapAfterFirstWave = heapInUseBytes()

    let baseline = afterFirstWave
    let heapBaseline = heapAfterFirstWave
    let threadsBaseline = threadCount()
    AllocationTracker.start()  // with bench/alloctrack preloaded: what the measured wave leaves behind
    var sessions = await open()
    trimmedHeap()
    let loaded = residentBytes()
    let heapLoaded = heapInUseBytes()
    let perSession = Double(loaded - baseline) / Double(count)
    let nodes = sessions.last?.statistics.liveNodes ?? 0
    if unitKB {
        report(Result(group: group, name: "\(name): resident per session", unit: "KB", measured: perSession / 1000, target: targetPerSession))
    } else {
        report(Result(group: group, name: "\(name): resident per session", unit: "B", measured: perSession, target: targetPerSession))
    }
    report(Result(group: group, name: "\(name): total growth", unit: "MB", measured: Double(loaded - baseline) / 1e6, target: targetTotalMB))
    if let heapBaseline, let heapLoaded {
        let heapPerSession = Double(heapLoaded - heapBaseline) / Double(count)
        report(Result(group: group, name: "\(name): heap in use per session", unit: "B", measured: heapPerSession,
                      note: "malloc_stats() in-use bytes: live allocations, no allocator slack"))
        if nodes > 0 {
            report(Result(group: group, name: "\(name): graph nodes per session", unit: "", measured: Double(nodes)))
            report(Result(group: group, name: "\(name): heap in use per graph node", unit: "B", measured: heapPerSession / Double(nodes)))
        }
    }
    AllocationTracker.dump()
    await close(&sessions)
    let after = residentBytes()
    /// One wave's after-close readings: the heap its sessions left live, and the resident growth left.
    func reportAfterClose(_ wave: String, heapLeft: Int?, baseline: Int, after: Int, heapNote: String, note: String) {
        if let heapLeft {
            report(Result(group: group, name: "\(name): \(wave)after close, heap still in use", unit: "KB",
                          measured: Double(heapLeft) / 1000, note: heapNote))
        }
        report(Result(group: group, name: "\(name): \(wave)after close, growth left", unit: "% of baseline",
                      measured: 100 * Double(max(0, after - baseline)) / Double(baseline), target: 10, note: note))
    }
    reportAfterClose(
        "first wave, ", heapLeft: coldHeapBaseline.flatMap { cold in heapAfterFirstWave.map { $0 - cold } },
        baseline: coldBaseline, after: afterFirstWave,
        heapNote: "live allocations left after the first wave, vs. the warm-up's",
        note: "vs. the process before this wave; baseline \(coldBaseline / 1000) KB (\(warmUp) warm-up sessions opened and "
            + "closed), after \(afterFirstWave / 1000) KB; threads \(coldThreads) → \(threadsBaseline)")
    reportAfterClose(
        "", heapLeft: heapBaseline.flatMap { base in heapInUseBytes().map { $0 - base } }, baseline: baseline, after: after,
        heapNote: "live allocations the closed sessions left behind (RSS left minus this is allocator fragmentation)",
        note: "second wave; baseline \(baseline / 1000) KB after a first wave of \(count) sessions created and closed, "
            + "loaded \(loaded / 1000) KB, after \(after / 1000) KB; threads \(threadsBaseline) → \(threadCount())")
}
// What sleeping rows cost: events that reach the rows of a 1,000-item todo list (which sleep while idle),
// against the same page whose rows stay awake.
if selected("todo") {
    let events = quick ? 4 : min(iterations, 200)
    for (label, minimum) in [("rows asleep", LiveSession.defaultSleepingRowMinimum), ("rows awake", 0)] {
        let typing = LiveSession(changeLog: .discard, sleepingRowMinimum: minimum) { BenchTodos(count: 1000) }
        _ = await typing.html()
        _ = try await measure(typing, iterations: quick ? 2 : 20) { .init(target: "draft", type: "input", value: "w\($0)") }
        let t = try await measure(typing, iterations: events) { .init(target: "draft", type: "input", value: "t\($0)") }
        report(Result(group: "todo", name: "1,000-item todo, \(label): type a character: process CPU", unit: "µs", measured: t.cpu,
                      note: "the page's body runs again: every row is compared (and, asleep, rebuilt first)"))
        report(Result(group: "todo", name: "1,000-item todo, \(label): type a character: patch bytes", unit: "B", measured: t.bytes))
        if minimum > 0 {
            // The first key after the rows fell asleep wakes them (a render of the page puts them to sleep).
            var first: Measurement?
            for i in 0..<(quick ? 2 : 20) {
                _ = await typing.html()
                let one = try await measure(typing, iterations: 1) { _ in .init(target: "draft", type: "input", value: "f\(i)") }
                first = first.map { $0.merged(with: one) } ?? one
            }
            if let first {
                report(Result(group: "todo", name: "1,000-item todo, \(label): first key after they slept: process CPU", unit: "µs",
                              measured: first.cpu, note: "the rows wake up (rebuilt with their lids) before the body's new value reaches them; they stay awake while events keep coming, and sleep after 30 s without one"))
            }
        }
        // A render of the whole page (a GET, a reconnect): sleeping rows wake for it and sleep again.
        var renderCPU: [Double] = []
        for _ in 0..<(quick ? 2 : 20) {
            let start = processCPUNanoseconds()
            _ = await typing.html()
            renderCPU.append(Double(processCPUNanoseconds() - start) / 1000)
        }
        report(Result(group: "todo", name: "1,000-item todo, \(label): render the page: process CPU", unit: "µs",
                      measured: renderCPU.sorted()[renderCPU.count / 2], note: "the median of the renders"))
        await typing.close()

        let deleting = LiveSession(changeLog: .discard, sleepingRowMinimum: minimum) { BenchTodos(count: 1000) }
        let html = await deleting.html()
        // Each delete button's lid, in order: the n-th event deletes the n-th row.
        let lids = html.components(separatedBy: "<button data-lid=\"").dropFirst().compactMap { part -> String? in
            guard let end = part.range(of: "</button>"), part[..<end.lowerBound].hasSuffix(">Delete") else { return nil }
            return String(part.prefix { $0 != "\"" })
        }
        let d = try await measure(deleting, iterations: min(events, lids.count)) { .click(lids[$0]) }
        report(Result(group: "todo", name: "1,000-item todo, \(label): delete a row: process CPU", unit: "µs", measured: d.cpu,
                      note: "a click in a row: the row's action removes its item, the page's body runs again"))
        report(Result(group: "todo", name: "1,000-item todo, \(label): delete a row: patch bytes", unit: "B", measured: d.bytes))
        await deleting.close()

        // Rows with state of their own (the `/rows` page: a tap count each): a tap in a row after they slept
        // wakes them, state and all; taps that follow find them awake.
        let rows = LiveSession(changeLog: .discard, sleepingRowMinimum: minimum) { RowsPage(count: 1000) }
        var firstTap: Measurement?
        for i in 0..<(quick ? 2 : 20) {
            _ = await rows.html()
            let one = try await measure(rows, iterations: 1) { _ in .click("row-\((i * 7919) % 1000)") }
            firstTap = firstTap.map { $0.merged(with: one) } ?? one
        }
        if let firstTap {
            report(Result(group: "todo", name: "1,000 rows with @State, \(label): first tap after a render: process CPU", unit: "µs",
                          measured: firstTap.cpu, note: "asleep: the tap wakes the rows, each with its tap count, before it runs"))
        }
        let burst = try await measure(rows, iterations: events) { .click("row-\(($0 * 7919) % 1000)") }
        report(Result(group: "todo", name: "1,000 rows with @State, \(label): taps in a burst: process CPU", unit: "µs", measured: burst.cpu))
        await rows.close()
    }
}

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

// `--profile EVENT`: one kind of event, many times, on a warmed-up session; its process CPU and heap
// allocations per event are printed (the session runs in this process: attach `perf` to it).
// `--profile todo-render`: renders of a 1,000-item todo page whose rows sleep (each render wakes them,
// renders, and puts them back to sleep).
if profile == "todo-render" {
    let session = LiveSession(changeLog: .discard) { BenchTodos(count: 1000) }
    for _ in 0..<10 { _ = await session.html() }
    let cpu = processCPUNanoseconds()
    for _ in 0..<iterations { _ = await session.html() }
    print("todo-render: \(format(Double(processCPUNanoseconds() - cpu) / 1000 / Double(iterations))) µs process CPU per render")
    // As below: the session lives until the process ends, so that its graph's close does not race the exit.
    withExtendedLifetime(session) { exit(0) }
}

// `--rows N` (the row, reverse and first-render profiles): a list of N rows, 1,000 by default; a one-row
// change at N = 10 and N = 10,000 is compared under a cache simulator.
let listRows = max(1, option("--rows").flatMap { Int($0) } ?? 1000)

// `--profile first-render [--rows N]`: new sessions of the N-row list, each rendered once: case 2(e), a
// page load, many times.
// `--profile lazy-first-render [--rows N]`: the same for the N-row lazy list (`LazyListPage`).
if profile == "first-render" || profile == "lazy-first-render" {
    let lazy = profile == "lazy-first-render"
    var sessions: [LiveSession] = []
    sessions.reserveCapacity(iterations)
    let cpu = processCPUNanoseconds()
    for _ in 0..<iterations {
        let session = lazy
            ? LiveSession(changeLog: .discard) { LazyListPage(count: listRows) }
            : LiveSession(changeLog: .discard) { RowsPage(count: listRows) }
        _ = await session.html()
        sessions.append(session)
    }
    print("first-render: \(format(Double(processCPUNanoseconds() - cpu) / 1000 / Double(iterations))) µs process CPU per render")
    withExtendedLifetime(sessions) { exit(0) }
}

if let profile {
    // `--sessions N` spreads the events round-robin over N sessions, as the HTTP benchmark's 100 do:
    // each event then finds its session's memory as cold as a server does.
    let sessionCount = max(1, option("--sessions").flatMap { Int($0) } ?? 1)
    let make: () -> LiveSession
    let event: (Int) -> ClientEvent
    switch profile {
    case "counter": make = { LiveSession(changeLog: .discard) { MinimalCounter() } }; event = { _ in .click("increment") }
    case "counter-page": make = { LiveSession(changeLog: .discard) { CounterPage() } }; event = { _ in .click("increment") }
    case "row":
        make = { LiveSession(changeLog: .discard) { RowsPage(count: listRows) } }; event = { .click("row-\(($0 * 7919) % listRows)") }
    case "edit": make = { LiveSession(changeLog: .discard) { RowsPage(count: 1000) } }; event = { _ in .click("edit") }
    case "append": make = { LiveSession(changeLog: .discard) { RowsPage(count: 1000) } }; event = { _ in .click("append") }
    case "reverse": make = { LiveSession(changeLog: .discard) { RowsPage(count: listRows) } }; event = { _ in .click("reverse") }
    case "scroll": make = { LiveSession(changeLog: .discard) { BenchScroll() } }; event = { .scroll("scroller", x: 0, y: Double($0 % 500)) }
    case "lazy-scroll":
        // A 50-row window moved by 50 rows per event over the first 5,000 rows of a `--rows N` lazy list.
        make = { LiveSession(changeLog: .discard) { LazyListPage(count: max(listRows, 5_000)) } }
        event = { ClientEvent(target: "lazy", type: "range", value: "\((($0 % 99) + 1) * 50)-\((($0 % 99) + 1) * 50 + 50)") }
    default:
        FileHandle.standardError.write(Data("liveui-bench: unknown --profile \(profile) (counter, counter-page, row, edit, append, reverse, scroll, lazy-scroll, todo-render, first-render)\n".utf8))
        exit(2)
    }
    let sessions = (0..<sessionCount).map { _ in make() }
    for session in sessions {
        _ = await session.html()
        for i in 0..<100 { _ = try await session.send(event(i)) }
    }
    // `--cold KIB` writes that much other memory before each event (see `CacheFlush`) and sends the events on
    // this thread, as the HTTP server runs them (`sendOnCaller`).
    let flush = option("--cold").flatMap { Int($0) }.map { CacheFlush(kibibytes: $0) }
    let before = liveui_allocation_count()
    let cpu = processCPUNanoseconds()
    if let flush {
        for i in 0..<iterations {
            flush.run()
            // Every event runs here, as a quick one does on a server: under a profiler that runs this a
            // hundred times slower, a click can take over the server's millisecond and hand the next to a
            // worker, which a click at full speed never does.
            _ = try sendOnCaller(sessions[i % sessionCount], event(i / sessionCount), quickLimit: .seconds(60))
        }
    } else {
        for i in 0..<iterations { _ = try await sessions[i % sessionCount].send(event(i / sessionCount)) }
    }
    let flushed = flush.map { " (each with its \($0.bytes / 1024) KiB written)" } ?? ""
    print("\(profile): \(format(Double(processCPUNanoseconds() - cpu) / 1000 / Double(iterations))) µs process CPU per event\(flushed)")
    if before >= 0 { print("\(profile): \(format(Double(liveui_allocation_count() - before) / Double(iterations))) heap allocations per event") }
    // The sessions live until the process ends: released earlier (after their last use above), each would
    // close its graph on a worker thread, racing the exit, and a profiler would count that close in some
    // runs and not in others (for the 1,000-row list, ≈ 15 million instructions).
    withExtendedLifetime(sessions) { exit(0) }
}

if let jsonPath {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data = try encoder.encode(results)
    try data.write(to: URL(fileURLWithPath: jsonPath))
}
let missed = results.filter { $0.met == false }
print("\(results.count) measurements, \(missed.count) targets missed")
