import Foundation
import Observation
import TestSupport
import Testing

@testable import LiveUI

@Suite("Sleeping rows")
struct SleepingRowsTests {
    @Test("rows of primitive views sleep once rendered: the graph keeps a fraction of their nodes and renders the same page")
    func primitiveRowsSleep() throws {
        let asleep = makeGraph(PureTodos(seed: 1), sleepingRowMinimum: 16)
        let awake = makeGraph(PureTodos(seed: 1), sleepingRowMinimum: 0)
        #expect(try html(asleep) == html(awake))
        #expect(sleepingContainers(asleep) == 1)
        // 24 rows of four nodes each (the row's `if`, a stack, a text, a button) are not in the asleep graph.
        #expect(awake.statistics.liveNodes - asleep.statistics.liveNodes == 24 * 4)
    }

    @Test("the same events give the same patches and lids with rows asleep as with rows awake, and the patches give a fresh render")
    func sleepingRowsPatchAsAwakeRows() throws {
        try compareWithAwakeRows(readsState: false)
    }

    @Test("rows that read state as they render: every element that wakes up otherwise is sent whole, and the client ends up with the awake rows' page")
    func rowsReadingStateConverge() throws {
        try compareWithAwakeRows(readsState: true)
    }

    @Test("rows that are views of their own without state sleep too, and patch as awake rows do")
    func viewRowsPatchAsAwakeRows() throws {
        try compareWithAwakeRows(readsState: false, rowsAreViews: true)
        let graph = makeGraph(PureTodos(seed: 1, rowsAreViews: true), sleepingRowMinimum: 16)
        #expect(sleepingContainers(graph) == 1)
    }

    @Test("rows with accessibility identifiers sleep too: events addressed by identifier wake them, and patch as awake rows do")
    func identifiedRowsPatchAsAwakeRows() throws {
        try compareWithAwakeRows(readsState: false, identified: true)
        let graph = makeGraph(PureTodos(seed: 1, identified: true), sleepingRowMinimum: 16)
        #expect(sleepingContainers(graph) == 1)
        // By identifier: the index is built, the rows wake for it, and the row goes.
        _ = try send(graph, .click("delete-3"))
        #expect(try !html(graph).contains("Todo 3<"))
        #expect(sleepingContainers(graph) == 1)
        // The index follows the rows back to sleep and awake again.
        _ = try send(graph, .click("delete-4"))
        #expect(try !html(graph).contains("Todo 4<"))
        #expect(throws: LiveError.unknownTarget("delete-4")) { try send(graph, .click("delete-4")) }
        // A row's identifier finds the one control in it that handles the event: its delete button.
        _ = try send(graph, .click("row-5"))
        #expect(try !html(graph).contains("Todo 5<"))
        #expect(try html(graph).contains("Todo 6<"))
    }

    @Test("rows with state of their own sleep too, keep their state through sleep, and patch as awake rows do")
    func statefulRowsPatchAsAwakeRows() throws {
        try compareWithAwakeRows(readsState: false, rowsAreViews: true, statefulRows: true)
        let graph = makeGraph(PureTodos(seed: 1, rowsAreViews: true, statefulRows: true), sleepingRowMinimum: 16)
        #expect(sleepingContainers(graph) == 1)
    }

    /// Random events on two graphs of one page, one whose rows sleep and one whose rows stay awake.
    private func compareWithAwakeRows(
        readsState: Bool, rowsAreViews: Bool = false, identified: Bool = false, statefulRows: Bool = false
    ) throws {
        for seed in UInt64(1)...12 {
            var g = SplitMix64(seed)
            let page = PureTodos(
                seed: seed, readsState: readsState, rowsAreViews: rowsAreViews, identified: identified,
                statefulRows: statefulRows)
            let asleep = makeGraph(page, sleepingRowMinimum: 16)
            let awake = makeGraph(page, sleepingRowMinimum: 0)
            let tree = try HTMLTree(parsing: try html(asleep))
            for step in 0..<25 {
                let page = try html(awake)
                let event: ClientEvent
                switch g.int(6) {
                case 0, 1: event = .click("mutate")
                case 2:
                    let deletes = try buttons(titled: "Delete", in: page)
                    if identified && g.chance(50), let lid = deletes.isEmpty ? nil : g.pick(deletes),
                        let id = try aid(ofLid: lid, in: page)
                    {
                        event = .click(id)
                    } else {
                        event = deletes.isEmpty ? .click("mutate") : .click(g.pick(deletes))
                    }
                case 3: event = ClientEvent(target: "draft", type: "input", value: "typed \(step)")
                case 4: event = .click("disable")
                default:
                    // Rows with state: a tap on one of them, as often as anything else.
                    let taps = try buttons(in: page) { $0.hasPrefix("taps ") }
                    event = statefulRows && !taps.isEmpty && g.chance(75) ? .click(g.pick(taps)) : .click("bold")
                }
                // Now and then the rows fall asleep between events, as after a render.
                if g.chance(30) { _ = try html(asleep) }
                let expected = Result { try send(awake, event) }
                let result = Result { try send(asleep, event) }
                guard case .success(let update) = result, case .success(let awakeUpdate) = expected else {
                    // A disabled row's button: refused by both.
                    #expect(String(describing: result) == String(describing: expected), "seed \(seed), step \(step): \(event)")
                    continue
                }
                if !readsState {
                    #expect(update.patches.map(\.json) == awakeUpdate.patches.map(\.json), "seed \(seed), step \(step): \(event)")
                }
                try tree.apply(update.patches)
                let fresh = try HTMLTree(parsing: try html(asleep))
                #expect(HTMLTree.sameContent(tree.root, fresh.root), "seed \(seed), step \(step): \(event)")
                #expect(try html(asleep) == html(awake), "seed \(seed), step \(step)")
            }
            // Sleeping where there are enough rows, and then holding fewer nodes.
            if sleepingContainers(asleep) == 1 {
                #expect(asleep.statistics.liveNodes < awake.statistics.liveNodes)
            }
        }
    }

    @Test("a click in a sleeping row wakes its rows, runs the row's action, and the rows sleep again")
    func clickWakesRows() throws {
        let graph = makeGraph(PureTodos(seed: 2), sleepingRowMinimum: 16)
        let before = try html(graph)
        #expect(before.contains(">Todo 17</span>"))
        let deletes = try buttons(titled: "Delete", in: before)
        #expect(deletes.count == 24)
        let update = try send(graph, .click(deletes[17]))
        #expect(update.patches.count == 2)  // the row removed, the count's text
        #expect(update.patches.contains { $0.json.contains("\"remove\"") })
        let after = try html(graph)
        #expect(!after.contains(">Todo 17</span>"))
        #expect(after.contains(">Todo 18</span>"))
        #expect(sleepingContainers(graph) == 1)
        #expect(throws: LiveError.unknownTarget(deletes[17])) { try send(graph, .click(deletes[17])) }
    }

    @Test("a row that reads something besides its value and renders otherwise when it wakes is sent to the client whole")
    func rowThatChangedUnseenIsReplaced() throws {
        let caption = Caption()
        let graph = makeGraph(ReferenceRows(caption: caption), sleepingRowMinimum: 16)
        let tree = try HTMLTree(parsing: try html(graph))
        #expect(sleepingContainers(graph) == 1)
        caption.text = "after"  // no state changes: nothing renders until the button is pressed
        let update = try send(graph, .click("render"))
        try tree.apply(update.patches)
        let fresh = try HTMLTree(parsing: try html(graph))
        #expect(HTMLTree.sameContent(tree.root, fresh.root))
        #expect(update.patches.filter { $0.json.contains("\"replace\"") }.count == 20)
        #expect(try html(graph).contains("19 after"))
    }

    @Test("rows whose body read an observable object stay awake, and follow its changes")
    func observingRowsStayAwake() throws {
        let stars = Stars()
        let graph = makeGraph(StarredRows(stars: stars), sleepingRowMinimum: 16)
        #expect(try html(graph).contains(">7</span>"))
        #expect(sleepingContainers(graph) == 0)
        // Changed on the graph's own thread, as an event's handler would (the flush below applies it).
        let update = ThreadContext.run(on: graph) {
            graph.runEventHandler { stars.starred.insert(7) }
            return graph.flush()
        }
        #expect(update.patches.count == 1)
        #expect(try html(graph).contains(">7 ★</span>"))
    }

    @Test("a row's body that runs again as the row wakes up is not counted and prints no change")
    func wakingIsNotAnEvaluation() async throws {
        let lines = Locked<[String]>([])
        let session = LiveSession(changeLog: ChangeLog { line in lines.withLock { $0.append(line) } }) { PrintingRows() }
        let page = await session.html()
        let printed = lines.withLock { $0 }
        #expect(printed.filter { $0.hasPrefix("PrintingRow: @self, @identity") }.count == 20)
        let evaluations = session.statistics.bodyEvaluations["PrintingRow"]
        #expect(evaluations == 20)
        // Each render wakes the rows (and puts them back to sleep).
        #expect(await session.html() == page)
        #expect(await session.html() == page)
        #expect(lines.withLock { $0 } == printed)
        #expect(session.statistics.bodyEvaluations["PrintingRow"] == evaluations)
        await session.close()
    }

    @Test("a picker's options and the inner lists of a list of lists sleep, and patch as awake ones")
    func optionsAndNestedListsPatchAsAwake() throws {
        let asleep = makeGraph(OptionsAndNestedLists(), sleepingRowMinimum: 16)
        let awake = makeGraph(OptionsAndNestedLists(), sleepingRowMinimum: 0)
        #expect(sleepingContainers(asleep) == 4)  // the options, and the three inner lists
        let tree = try HTMLTree(parsing: try html(asleep))
        let events: [ClientEvent] = [
            .click("next"), ClientEvent(target: "choice", type: "change", value: "5"), .click("shuffle"), .click("next"),
            .click("shuffle"), ClientEvent(target: "choice", type: "change", value: "19"),
        ]
        for event in events {
            let update = try send(asleep, event)
            #expect(update.patches.map(\.json) == (try send(awake, event)).patches.map(\.json), "\(event)")
            try tree.apply(update.patches)
            #expect(HTMLTree.sameContent(tree.root, try HTMLTree(parsing: try html(asleep)).root), "\(event)")
            #expect(try html(asleep) == html(awake))
        }
        #expect(sleepingContainers(asleep) == 4)
    }

    @Test("rows with state of their own sleep with it: a tap wakes them, and the count is there after each sleep")
    func statefulRowsKeepTheirState() throws {
        let graph = makeGraph(StatefulRows(), sleepingRowMinimum: 16)
        let awake = makeGraph(StatefulRows(), sleepingRowMinimum: 0)
        #expect(sleepingContainers(graph) == 1)
        #expect(graph.statistics.liveNodes < awake.statistics.liveNodes)
        for count in 1...3 {
            let tap = try #require(try buttons(titled: "3: \(count - 1)", in: try html(graph)).first)
            #expect(sleepingContainers(graph) == 1)  // the render put them to sleep
            let update = try send(graph, .click(tap))
            #expect(update.patches.map(\.json) == [#"{"op":"text","id":"\#(tap)","text":"3: \#(count)"}"#])
        }
        #expect(try html(graph).contains(">3: 3</button>"))
        #expect(try html(graph).contains(">4: 0</button>"))
    }

    @Test("a sleeping row keeps only the value of state nothing else holds, and the storage itself of state bound elsewhere")
    func sleepingRowsKeepValuesOfUnsharedState() throws {
        let graph = makeGraph(StatefulRows(), sleepingRowMinimum: 16)
        let bound = makeGraph(StatefulRows(holder: BindingHolder()), sleepingRowMinimum: 16)
        _ = try html(graph)
        _ = try html(bound)
        #expect(keptStates(graph) == (values: 20, handles: 0))
        #expect(keptStates(bound) == (values: 0, handles: 20))
        for count in 1...2 {
            let taps = try [graph, bound].map { try #require(try buttons(titled: "5: \(count - 1)", in: try html($0)).first) }
            _ = try send(graph, .click(taps[0]))
            _ = try send(bound, .click(taps[1]))
            // Asleep again: each identity kept the body evaluation count it had (a wake runs the row's body
            // once more, as does each render), as the identities kept whole do.
            #expect(keptEvaluations(graph) == keptEvaluations(bound))
            #expect(keptEvaluations(graph) > 20 + count)
            #expect(try html(graph).contains(">5: \(count)</button>"))
            _ = try html(bound)
            #expect(keptStates(graph) == (values: 20, handles: 0))
            #expect(keptStates(bound) == (values: 0, handles: 20))
        }
        #expect(try html(graph) == html(bound))
    }

    @Test("state that is not Equatable, and the states of a view with several, sleep as their values and come back in their own kinds of storage")
    func otherStatesSleepAsValues() throws {
        let tallies = makeGraph(TallyRows(), sleepingRowMinimum: 16)
        try tapRowFiveWhileAsleep(tallies, times: 2) { "5: \($0)" }
        #expect(try html(tallies).contains(">5: 2</button>"))
        let twoStates = makeGraph(TwoStateRows(), sleepingRowMinimum: 16)
        try tapRowFiveWhileAsleep(twoStates, times: 2) { "5: \($0)/\(2 * $0)" }
        #expect(try html(twoStates).contains(">5: 2/4</button>"))
        #expect(try html(twoStates).contains(">6: 0/0</button>"))
    }

    /// Taps row 5's button `times` times, each time with the rows asleep as values only, finding it by the
    /// title `title(taps so far)`.
    private func tapRowFiveWhileAsleep(_ graph: ViewGraph, times: Int, title: (Int) -> String) throws {
        for count in 0..<times {
            let tap = try #require(try buttons(titled: title(count), in: try html(graph)).first)
            #expect(keptStates(graph) == (values: 20, handles: 0))
            _ = try send(graph, .click(tap))
        }
    }

    @Test("a write to a sleeping row's state from outside the row wakes it and patches the row")
    func writeToSleepingStateWakesRow() async throws {
        let holder = BindingHolder()
        let session = LiveSession(changeLog: .discard) { StatefulRows(holder: holder) }
        let awake = LiveSession(changeLog: .discard, sleepingRowMinimum: 0) { StatefulRows() }
        let (updates, continuation) = AsyncStream.makeStream(of: Update.self)
        let subscription = session.subscribe { continuation.yield($0) }
        // A render puts the rows to sleep.
        let page = await session.html()
        #expect(await awake.html() == page)
        #expect(session.statistics.liveNodes < awake.statistics.liveNodes)
        let tap = try #require(try buttons(titled: "7: 0", in: page).first)
        let binding = try #require(holder.bindings[7])
        // From this thread: the write goes to the session's queue, wakes the row there and patches it.
        binding.wrappedValue = 5
        var iterator = updates.makeAsyncIterator()
        let update = await iterator.next()
        #expect(update?.patches.map(\.json) == [#"{"op":"text","id":"\#(tap)","text":"7: 5"}"#])
        #expect(await session.html().contains(">7: 5</button>"))
        subscription.cancel()
        await session.close()
        await awake.close()
    }

    @Test("a first render builds each row once: the rows fall asleep after the page is rendered, not before")
    func firstRenderBuildsRowsOnce() async throws {
        let runs = BodyRuns()
        let session = LiveSession(changeLog: .discard) { CountedRows(runs: runs) }
        let awake = LiveSession(changeLog: .discard, sleepingRowMinimum: 0) { CountedRows(runs: BodyRuns()) }
        let page = await session.html()
        #expect(await awake.html() == page)
        #expect(runs.count == 20)
        #expect(session.statistics.liveNodes < awake.statistics.liveNodes)
        // Rendered again while asleep, the rows wake (each body runs once more) and give the same page.
        #expect(await session.html() == page)
        #expect(runs.count == 40)
        await session.close()
        await awake.close()
    }

    @Test("rows with state that end while asleep end their state: a later write changes nothing")
    func sleepingStateEndsWithItsContainer() throws {
        let holder = BindingHolder()
        let graph = makeGraph(RemovableList(stateful: true, holder: holder), sleepingRowMinimum: 16)
        _ = try html(graph)
        #expect(sleepingContainers(graph) == 1)
        let binding = try #require(holder.bindings[2])
        let update = try send(graph, .click("hide"))
        #expect(update.patches.filter { $0.json.contains("\"remove\"") }.count == 20)
        #expect(sleepingContainers(graph) == 0)
        let after = ThreadContext.run(on: graph) { () -> Update in
            binding.wrappedValue = 9
            return graph.flush()
        }
        #expect(after.patches.isEmpty)
        #expect(binding.wrappedValue == 9)  // kept by the storage, as for any ended identity
    }

    @Test("a container whose rows sleep gives up their lids when it goes away")
    func removedContainerFreesLids() throws {
        let graph = makeGraph(RemovableList(), sleepingRowMinimum: 16)
        let rows = try buttons(titled: "row 5", in: try html(graph))
        #expect(sleepingContainers(graph) == 1)
        let update = try send(graph, .click("hide"))
        #expect(update.patches.filter { $0.json.contains("\"remove\"") }.count == 20)
        #expect(sleepingContainers(graph) == 0)
        #expect(throws: LiveError.unknownTarget(rows[0])) { try send(graph, .click(rows[0])) }
    }

    @Test("a session keeps its rows awake when created with a minimum of 0, or where the default is bound to 0")
    func sessionMinimum() async throws {
        let asleep = LiveSession(changeLog: .discard) { PureTodos(seed: 5) }
        let awake = LiveSession(changeLog: .discard, sleepingRowMinimum: 0) { PureTodos(seed: 5) }
        let bound = LiveSession.$defaultSleepingRowMinimum.withValue(0) { LiveSession(changeLog: .discard) { PureTodos(seed: 5) } }
        let page = await asleep.html()
        #expect(await awake.html() == page)
        #expect(await bound.html() == page)
        // 24 rows of four nodes each (the row's `if`, a stack, a text, a button) are not in the asleep session.
        #expect(awake.statistics.liveNodes - asleep.statistics.liveNodes == 24 * 4)
        #expect(bound.statistics.liveNodes == awake.statistics.liveNodes)
        for session in [asleep, awake, bound] { await session.close() }
    }

    @Test("fewer rows than the minimum, or a minimum of 0, keep the rows awake")
    func minimumKeepsSmallListsAwake() throws {
        let graph = makeGraph(PureTodos(seed: 3), sleepingRowMinimum: 25)
        _ = try html(graph)
        #expect(sleepingContainers(graph) == 0)
        let off = makeGraph(PureTodos(seed: 3), sleepingRowMinimum: 0)
        _ = try html(off)
        #expect(sleepingContainers(off) == 0)
    }
}
