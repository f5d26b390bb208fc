import Foundation
import TestSupport
import Testing

@testable import LiveUI

@Suite("Sleeping rows: waking one row, identity, idle time")
struct SleepingRowWakeTests {
    @Test("a tap in a sleeping list wakes only the tapped row: no other row's body runs; it sleeps again once idle")
    func tapWakesOnlyItsRow() throws {
        let runs = BodyRuns()
        let clock = ManualClock()
        let graph = makeGraph(CountedRows(runs: runs), sleepingRowMinimum: 16, clock: clock)
        let page = try html(graph)
        let asleep = graph.statistics.liveNodes
        #expect(sleepingContainers(graph) == 1)
        let before = runs.count
        let tap = try #require(try buttons(titled: "7: 0", in: page).first)
        let update = try send(graph, .click(tap))
        #expect(update.patches.map(\.json) == [#"{"op":"text","id":"\#(tap)","text":"7: 1"}"#])
        // The row's body ran twice (built again, then for the tap); the other 19 rows' not at all.
        #expect(runs.count - before == 2)
        // One row's nodes are back (a `CountedRow` and its button); the others sleep.
        #expect(graph.statistics.liveNodes == asleep + 2)
        #expect(sleepingContainers(graph) == 1)
        // Another tap in the awake row builds nothing again.
        _ = try send(graph, .click(tap))
        #expect(runs.count - before == 3)
        // By accessibility identifier too.
        let byIdentifier = try send(graph, .click("counted-12"))
        #expect(byIdentifier.patches.count == 1)
        #expect(runs.count - before == 5)
        #expect(graph.statistics.liveNodes == asleep + 4)
        // Once no event has reached the list for the idle time, the rows sleep again.
        let idle = try #require(graph.sleepingRows?.idleNanoseconds)
        clock.advance(by: idle - 1)
        checkIdle(graph)
        #expect(graph.statistics.liveNodes == asleep + 4)
        clock.advance(by: 1)
        checkIdle(graph)
        #expect(graph.statistics.liveNodes == asleep)
        #expect(graph.sleepingRows?.partlyAwake.isEmpty == true)
        let after = try html(graph)
        #expect(after.contains(">7: 2</button>") && after.contains(">12: 1</button>") && after.contains(">11: 0</button>"))
        #expect(runs.count - before == 5 + 20)  // the render woke every row
    }

    @Test("taps reaching 16 rows of a list in one idle time wake the rest of it at once")
    func manyTapsWakeTheList() throws {
        let graph = makeGraph(StatefulRows(), sleepingRowMinimum: 16)
        let awake = makeGraph(StatefulRows(), sleepingRowMinimum: 0)
        let page = try html(graph)
        for row in 0..<16 {
            #expect(sleepingContainers(graph) == 1)
            let tap = try #require(try buttons(titled: "\(row): 0", in: page).first)
            _ = try send(graph, .click(tap))
            _ = try send(awake, .click(tap))
        }
        #expect(sleepingContainers(graph) == 0)
        #expect(graph.statistics.liveNodes == awake.statistics.liveNodes)
        #expect(try html(graph) == html(awake))
    }

    @Test("in a long list, taps reaching 32 rows in one idle time wake the rest, however many rows there are")
    func longListWakesAfterThirtyTwoRows() throws {
        let graph = makeGraph(LongStatefulRows(), sleepingRowMinimum: 16)
        let page = try html(graph)
        for row in 0..<32 {
            #expect(sleepingContainers(graph) == 1, "woke whole before \(row) rows")
            let tap = try #require(try buttons(titled: "\(row): 0", in: page).first)
            _ = try send(graph, .click(tap))
        }
        #expect(sleepingContainers(graph) == 0)
    }

    @Test("each tap of a row in a list that sleeps between taps finds its row's state and no other")
    func tapsWhileAsleepKeepEachRowsState() throws {
        let graph = makeGraph(StatefulRows(), sleepingRowMinimum: 16)
        let awake = makeGraph(StatefulRows(), sleepingRowMinimum: 0)
        var g = SplitMix64(47)
        for _ in 0..<30 {
            let row = g.int(20)
            for target in [graph, awake] {
                let page = try html(target)
                let tap = try #require(try buttons(in: page) { $0.hasPrefix("\(row): ") }.first)
                _ = try send(target, .click(tap))
            }
            #expect(sleepingContainers(graph) == 1)
            #expect(try html(graph) == html(awake))
        }
    }

    @Test("rows are found by identity: two places whose keys hash alike keep their own state")
    func collidingPlacesKeepTheirOwnState() throws {
        #expect(AnyHashable(CollidingID(value: 1)).hashValue == AnyHashable(CollidingID(value: 2)).hashValue)
        let graph = makeGraph(CollidingRows(), sleepingRowMinimum: 16)
        _ = try html(graph)
        #expect(sleepingContainers(graph) == 1)
        for count in 0..<3 {
            let tap = try #require(try buttons(titled: "3b: \(count)", in: try html(graph)).first)
            _ = try send(graph, .click(tap))
        }
        let tap = try #require(try buttons(titled: "3a: 0", in: try html(graph)).first)
        _ = try send(graph, .click(tap))
        let page = try html(graph)
        #expect(page.contains(">3a: 1</button>"))
        #expect(page.contains(">3b: 3</button>"))
        #expect(page.contains(">4a: 0</button>") && page.contains(">4b: 0</button>"))
        #expect(keptStates(graph) == (values: 40, handles: 0))
    }

    @Test("rows an update woke stay awake while updates reach them, and sleep once the injected clock says they were idle")
    func wokenRowsSleepWhenIdle() throws {
        let clock = ManualClock()
        let graph = makeGraph(PureTodos(seed: 4), sleepingRowMinimum: 16, clock: clock)
        #expect(sleepingContainers(graph) == 1)
        let rows = try #require(graph.sleepingRows)
        let idle = rows.idleNanoseconds
        // Typing runs the page's body: the list wakes whole (once), and a check is asked for after the idle time.
        _ = try send(graph, ClientEvent(target: "draft", type: "input", value: "a"))
        #expect(sleepingContainers(graph) == 0)
        #expect(clock.deadlines == [clock.now + idle])
        let nodesAwake = graph.statistics.liveNodes
        clock.advance(by: idle / 2)
        _ = try send(graph, ClientEvent(target: "draft", type: "input", value: "ab"))
        #expect(rows.kept.count == 1)
        // Idle since the first key, not since the second: still awake, and checked again later.
        clock.advance(by: idle / 2 + 1)
        checkIdle(graph)
        #expect(sleepingContainers(graph) == 0)
        #expect(clock.deadlines.count == 2)
        #expect(clock.deadlines.last == clock.now - idle / 2 - 1 + idle)
        clock.advance(by: idle / 2)
        checkIdle(graph)
        #expect(sleepingContainers(graph) == 1)
        #expect(graph.statistics.liveNodes == nodesAwake - 24 * 4)
        let awake = makeGraph(PureTodos(seed: 4), sleepingRowMinimum: 0)
        for text in ["a", "ab"] { _ = try send(awake, ClientEvent(target: "draft", type: "input", value: text)) }
        #expect(try html(graph) == html(awake))
    }

    @Test("events in a list kept awake keep it awake, noted at most once per sixteenth of the idle time")
    func eventsNoteActivitySparingly() throws {
        let clock = ManualClock()
        let graph = makeGraph(PureTodos(seed: 6, rowsAreViews: true, statefulRows: true), sleepingRowMinimum: 16, clock: clock)
        let tap = try #require(try buttons(titled: "taps 0", in: try html(graph)).first)
        _ = try send(graph, ClientEvent(target: "draft", type: "input", value: "a"))
        let rows = try #require(graph.sleepingRows)
        #expect(rows.kept.count == 1)
        let noted = rows.lastTouch
        clock.advance(by: rows.idleNanoseconds / 32)
        _ = try send(graph, .click(tap))
        #expect(rows.lastTouch == noted)
        clock.advance(by: rows.idleNanoseconds / 16)
        _ = try send(graph, .click(tap))
        #expect(rows.lastTouch == clock.now)
        #expect(try html(graph).contains(">taps 2</button>"))
    }
}
