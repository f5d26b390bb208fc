import LiveUI
import Testing
@testable import LiveUIServer

@Suite("PatchLog")
struct PatchLogTests {
    private func versions(_ log: PatchLog, after version: Int = Int.min) -> [Int] {
        log.entries(after: version).map(\.version)
    }

    @Test("below its capacity the log keeps every update, oldest first")
    func keepsEverythingBelowCapacity() {
        var log = PatchLog(capacity: 4)
        for v in 1...3 { log.append(version: v, patchesText: "{\"v\":\(v)}") }
        #expect(log.count == 3)
        #expect(versions(log) == [1, 2, 3])
        #expect(log.entries(after: 1).map(\.patchesText) == ["{\"v\":2}", "{\"v\":3}"])
    }

    @Test("past its capacity the log keeps the newest updates in order, however often it wraps")
    func dropsTheOldestAcrossWraps() {
        var log = PatchLog(capacity: 3)
        for v in 1...10 {
            log.append(version: v, patchesText: String(v))
            #expect(log.count == min(v, 3))
            #expect(versions(log) == Array(max(1, v - 2)...v))
        }
        #expect(versions(log, after: 8) == [9, 10])
        #expect(versions(log, after: 10).isEmpty)
        #expect(log.entries(after: 0).map(\.patchesText) == ["8", "9", "10"])
    }

    @Test("an entry replays the same JSON its update sends")
    func entryJSONIsTheUpdates() {
        let update = Update(version: 7, patches: [.text(id: "3", text: "a\"b"), .remove(id: "4")])
        var log = PatchLog(capacity: 2)
        log.append(version: update.version, patchesText: update.patchesText)
        #expect(log.entries(after: 0).map(\.json) == [update.json])
        let empty = Update(version: 8, patches: [])
        log.append(version: empty.version, patchesText: empty.patchesText)
        #expect(log.entries(after: 7).map(\.json) == [empty.json])
    }

    @Test("a log of capacity 0 keeps nothing")
    func zeroCapacityKeepsNothing() {
        var log = PatchLog(capacity: 0)
        log.append(version: 1, patchesText: "{}")
        #expect(log.count == 0)
        #expect(versions(log).isEmpty)
    }
}
