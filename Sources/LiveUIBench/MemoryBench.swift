import LiveUI

// Memory per session. Each group is meant to run in a fresh process (`--only memory-counter`, …).
// glibc keeps freed memory in its arenas, so the heap is trimmed (`malloc_trim(0)`) before every reading.
//
// Sessions come in two waves of `count`. The first is held against the process before any session
// (the reading); the second against the process after the first, which shows whether closed
// sessions leave anything behind wave after wave. Sessions are opened and closed with the async API
// from the main actor, which runs an idle session's job right there: no libdispatch continuation is
// allocated per call (libdispatch caches up to 1,024 freed ones per thread, and when they were allocated
// all through a wave, among the sessions' objects, they pinned ≈ 3–4 MB that `malloc_trim` could not
// release).
@_Concurrency.MainActor func memory(group: String, name: String, count: Int, make: () -> LiveSession,
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
