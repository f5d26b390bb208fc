import LiveUI
import LiveUIDemoPages

/// The `todo` group, what sleeping rows cost: events that reach the rows of a 1,000-item todo list (which
/// sleep while idle), against the same page whose rows stay awake.
@_Concurrency.MainActor func sleepingRowsBench(quick: Bool, iterations: Int, report: (Result) -> Void) async throws {
    let events = quick ? 4 : min(iterations, 200)
    for (label, minimum) in [("rows asleep", LiveSession.defaultSleepingRowMinimum), ("rows awake", 0)] {
        let typing = LiveSession(changeLog: .discard, sleepingRowMinimum: minimum) { BenchTodos(count: 1000) }
        _ = await typing.html()
        _ = try await measure(typing, iterations: quick ? 2 : 20) { @Sendable k in .init(target: "draft", type: "input", value: "w\(k)") }
        let t = try await measure(typing, iterations: events) { @Sendable k in .init(target: "draft", type: "input", value: "t\(k)") }
        report(Result(group: "todo", name: "1,000-item todo, \(label): type a character: process CPU", unit: "µs", measured: t.cpu,
                      note: "the page's body runs again: every row is compared (and, asleep, rebuilt first)"))
        report(Result(group: "todo", name: "1,000-item todo, \(label): type a character: patch bytes", unit: "B", measured: t.bytes))
        if minimum > 0 {
            // The first key after the rows fell asleep wakes them (a render of the page puts them to sleep).
            var first: Measurement?
            for i in 0..<(quick ? 2 : 20) {
                _ = await typing.html()
                let one = try await measure(typing, iterations: 1) { @Sendable _ in .init(target: "draft", type: "input", value: "f\(i)") }
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
        let d = try await measure(deleting, iterations: min(events, lids.count)) { @Sendable k in .click(lids[k]) }
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
            let one = try await measure(rows, iterations: 1) { @Sendable _ in .click("row-\((i * 7919) % 1000)") }
            firstTap = firstTap.map { $0.merged(with: one) } ?? one
        }
        if let firstTap {
            report(Result(group: "todo", name: "1,000 rows with @State, \(label): first tap after a render: process CPU", unit: "µs",
                          measured: firstTap.cpu, note: "asleep: the tap wakes its row alone, with its tap count, before it runs"))
        }
        let burst = try await measure(rows, iterations: events) { @Sendable k in .click("row-\((k * 7919) % 1000)") }
        report(Result(group: "todo", name: "1,000 rows with @State, \(label): taps in a burst: process CPU", unit: "µs", measured: burst.cpu))
        await rows.close()
    }
}
