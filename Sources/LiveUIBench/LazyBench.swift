import Foundation
import LiveUI
import LiveUIDemoPages

/// The `lazy` group: the gallery's lazy list (`LazyListPage`, rows with a tap counter each) at 100 and
/// 100,000 rows. Its targets: the first page of 100,000 rows at most 100 KB and at most twice the server
/// time of 100 rows; scrolling (a `range` event moving the window by its size) costs the same whatever the
/// data's length.
@_Concurrency.MainActor func lazyBench(quick: Bool, report: (Result) -> Void) async throws {
    /// Process CPU per first render (a new session, rendered once) of `rows` rows, in µs: the median of 5 batches.
    func firstRender(_ rows: Int, times: Int) async -> (cpu: Double, bytes: Int) {
        var batches: [Double] = []
        var bytes = 0
        for _ in 0..<5 {
            var sessions: [LiveSession] = []
            let start = processCPUNanoseconds()
            for _ in 0..<times {
                let session = LiveSession(changeLog: .discard) { LazyListPage(count: rows) }
                bytes = await session.html().utf8.count
                sessions.append(session)
            }
            batches.append(Double(processCPUNanoseconds() - start) / 1000 / Double(times))
            for session in sessions { await session.close() }
        }
        return (batches.sorted()[batches.count / 2], bytes)
    }
    let times = quick ? 2 : 40
    _ = await firstRender(100, times: times)  // warm-up
    let small = await firstRender(100, times: times)
    let large = await firstRender(100_000, times: times)
    let group = "lazy"
    report(Result(group: group, name: "first page of 100,000 rows: HTML bytes", unit: "B", measured: Double(large.bytes), target: 100_000))
    report(Result(group: group, name: "first page of 100 rows: HTML bytes", unit: "B", measured: Double(small.bytes)))
    report(Result(group: group, name: "first page of 100,000 rows: process CPU", unit: "µs", measured: large.cpu))
    report(Result(group: group, name: "first page of 100 rows: process CPU", unit: "µs", measured: small.cpu))
    report(Result(group: group, name: "first page: 100,000 rows / 100 rows", unit: "×", measured: large.cpu / small.cpu, target: 2,
                  note: "process CPU of a new session's first render, median of 5 batches"))

    /// A `range` event per step, moving the window of `rows` rows by 50 rows, round the first 5,000 rows.
    func scroll(_ rows: Int) async throws -> Measurement {
        let session = LiveSession(changeLog: .discard) { LazyListPage(count: rows) }
        _ = await session.html()
        let steps = min(rows / 50, 100)
        let event: @Sendable (Int) -> ClientEvent = { i in ClientEvent(target: "lazy", type: "range", value: "\((i % steps) * 50)-\((i % steps) * 50 + 50)") }
        _ = try await measure(session, iterations: quick ? 5 : 100, { @Sendable in event($0 + 1) })  // warm-up
        let m = try await measure(session, iterations: quick ? 20 : 1000, { @Sendable in event($0 + 1) })
        await session.close()
        return m
    }
    let near = try await scroll(5_000)
    let far = try await scroll(100_000)
    report(Result(group: group, name: "scroll 50 rows, 5,000-row data: process CPU per event", unit: "µs", measured: near.cpu))
    report(Result(group: group, name: "scroll 50 rows, 100,000-row data: process CPU per event", unit: "µs", measured: far.cpu))
    report(Result(group: group, name: "scroll: 100,000-row data / 5,000-row data", unit: "×", measured: far.cpu / near.cpu, target: 1.5,
                  note: "the same 50 rows shown per event: the cost follows the rows shown, not the data"))
    report(Result(group: group, name: "scroll 50 rows: patch bytes per event", unit: "B", measured: far.bytes))
    report(Result(group: group, name: "scroll 50 rows: body evaluations per event", unit: "", measured: far.evaluations))
}
