import Testing

@testable import LiveUIServer

@Suite("Event seq per tab")
struct EventSeqPerTabTests {
    private func click(seq: Int, tab: String?) -> String {
        let tabField = tab.map { ",\"tab\":\"\($0)\"" } ?? ""
        return "{\"target\":\"increment\",\"type\":\"click\",\"seq\":\(seq)\(tabField)}"
    }

    @Test("two tabs using the same seq are both applied; each tab's retry gets its own stored answer")
    func seqIsPerTab() async throws {
        let t = try TestServer()
        let s = try await t.newSession()
        let first = try await t.event(s, click(seq: 5, tab: "tabA"))
        let second = try await t.event(s, click(seq: 5, tab: "tabB"))
        #expect(first.status == 200 && second.status == 200)
        #expect(first.json["version"] as? Int == 1 && second.json["version"] as? Int == 2)
        #expect(t.madeGraphs.first?.applied == 2)
        let retryA = try await t.event(s, click(seq: 5, tab: "tabA"))
        let retryB = try await t.event(s, click(seq: 5, tab: "tabB"))
        #expect(retryA.body == first.body && retryB.body == second.body)
        #expect(t.madeGraphs.first?.applied == 2)
        // A tab's lower seq is still stale for that tab only.
        _ = try await t.event(s, click(seq: 9, tab: "tabA"))
        #expect(try await t.event(s, click(seq: 7, tab: "tabA")).status == 409)
        #expect(try await t.event(s, click(seq: 7, tab: "tabB")).status == 200)
        await t.shutdown()
    }

    @Test("events without a tab keep one numbering per graph, apart from the named tabs'")
    func unnamedEventsShareOneNumbering() async throws {
        let t = try TestServer()
        let s = try await t.newSession()
        #expect(try await t.event(s, click(seq: 3, tab: nil)).status == 200)
        #expect(try await t.event(s, click(seq: 3, tab: "tabA")).json["version"] as? Int == 2)
        #expect(try await t.event(s, click(seq: 2, tab: nil)).status == 409)
        await t.shutdown()
    }

    @Test("beyond the tabs kept, the one idle longest is forgotten, and the others keep their answers")
    func tabsKeptAreBounded() async throws {
        let t = try TestServer()
        let s = try await t.newSession()
        var bodies: [String: String] = [:]
        for i in 0...GraphHost.keptTabs {
            let tab = "tab\(i)"
            bodies[tab] = try await t.event(s, click(seq: 1, tab: tab)).body
        }
        #expect(t.madeGraphs.first?.applied == GraphHost.keptTabs + 1)
        // tab0 was forgotten: its seq is new again. The newest tabs still replay.
        let last = "tab\(GraphHost.keptTabs)"
        #expect(try await t.event(s, click(seq: 1, tab: last)).body == bodies[last])
        #expect(t.madeGraphs.first?.applied == GraphHost.keptTabs + 1)
        _ = try await t.event(s, click(seq: 1, tab: "tab0"))
        #expect(t.madeGraphs.first?.applied == GraphHost.keptTabs + 2)
        await t.shutdown()
    }
}
