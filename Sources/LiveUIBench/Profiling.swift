import CAllocationCounter
import Foundation
import LiveUI
import LiveUIDemoPages

/// Runs `--profile EVENT` and exits: one kind of event, many times, on a warmed-up session; its process CPU
/// and heap allocations per event are printed (the session runs in this process: attach `perf` to it).
@_Concurrency.MainActor func runProfile(_ profile: String, iterations: Int) async throws -> Never {
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

    // `--profile row-asleep`: one tap in each of up to 40 sessions of the 1,000-row list, each rendered once
    // (its rows asleep, as a server's session is under load), after a tap in a 41st: a tap on a sleeping
    // list. The sessions are the same whatever `--iterations` (at most 40), so that two runs differ by taps only.
    if profile == "row-asleep" {
        let sessions = (0...40).map { _ in LiveSession(changeLog: .discard) { RowsPage(count: 1000) } }
        for session in sessions { _ = await session.html() }
        _ = try await sessions[40].send(.click("row-1"))
        let cpu = processCPUNanoseconds()
        let taps = min(iterations, 40)
        for i in 0..<taps { _ = try await sessions[i].send(.click("row-\((i * 7919) % 1000)")) }
        print("row-asleep: \(format(Double(processCPUNanoseconds() - cpu) / 1000 / Double(max(taps, 1)))) µs process CPU per tap")
        withExtendedLifetime(sessions) { exit(0) }
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
    case "row-awake":
        // The same list with its rows kept awake: a tap on rows that are all nodes.
        make = { LiveSession(changeLog: .discard, sleepingRowMinimum: 0) { RowsPage(count: listRows) } }
        event = { .click("row-\(($0 * 7919) % listRows)") }
    case "edit": make = { LiveSession(changeLog: .discard) { RowsPage(count: 1000) } }; event = { _ in .click("edit") }
    case "append": make = { LiveSession(changeLog: .discard) { RowsPage(count: 1000) } }; event = { _ in .click("append") }
    case "reverse": make = { LiveSession(changeLog: .discard) { RowsPage(count: listRows) } }; event = { _ in .click("reverse") }
    case "scroll": make = { LiveSession(changeLog: .discard) { BenchScroll() } }; event = { .scroll("scroller", x: 0, y: Double($0 % 500)) }
    case "lazy-scroll":
        // A 50-row window moved by 50 rows per event over the first 5,000 rows of a `--rows N` lazy list.
        make = { LiveSession(changeLog: .discard) { LazyListPage(count: max(listRows, 5_000)) } }
        event = { ClientEvent(target: "lazy", type: "range", value: "\((($0 % 99) + 1) * 50)-\((($0 % 99) + 1) * 50 + 50)") }
    default:
        FileHandle.standardError.write(Data("liveui-bench: unknown --profile \(profile) (counter, counter-page, row, row-awake, row-asleep, edit, append, reverse, scroll, lazy-scroll, todo-render, first-render)\n".utf8))
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
