import Foundation
import TestSupport
import Testing

@testable import LiveUI

// Property test of the reconciler: for random event sequences over a set of views (nested conditionals,
// switch, keyed lists with insert/remove/move/shuffle/reverse/edit, rows with their own state, text
// fields fed with text full of `<&"'>`, toggles, sliders, pickers, groups, AnyView type switches,
// `.id` changes, modifiers whose values change), applying each update's patches to the previous HTML
// (with `HTMLTree`) must yield exactly a fresh render of the session. Also: no duplicate `data-lid`,
// identities that survive an event keep their `data-lid`, row state follows its row through moves,
// versions grow by one per update with patches, and rejected events change nothing.
//
// Reproducible: every sequence has its own seed, printed on failure. Replay one sequence verbosely with
//   LIVEUI_PROP_REPLAY=<scenario>:<seed> swift test --filter ReconcilerProperty
// and change the number of sequences per scenario with LIVEUI_PROP_SEQUENCES=<n>.

// MARK: - Deterministic PRNG

fileprivate extension SplitMix64 {
    /// Text a user might type, biased towards characters that need escaping and entity look-alikes.
    mutating func text(maxTokens: Int = 6) -> String {
        let tokens = [
            "a", "b", "Z", "0", "42", " ", "  ", "<", ">", "&", "\"", "'", "<b>", "</span>", "&amp;", "&lt;", "&#39;",
            "&quot;", "é", "ß", "🙂", "日本", ";", "#", "=", "/", "\\", "k1", "data-lid=\"root\"", "x&y", "<&\"'>",
        ]
        let count = int(maxTokens + 1)
        var out = ""
        for _ in 0..<count { out += pick(tokens) }
        return out
    }
}

fileprivate func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
    var g = SplitMix64(a ^ (b &* 0xD6E8_FEB8_6659_FD93))
    return g.next()
}

// MARK: - Views under test

/// `if condition { content }`: `Optional` content (ViewBuilder.buildIf).
@ViewBuilder
fileprivate func maybe<Content: View>(_ condition: Bool, @ViewBuilder _ content: () -> Content) -> some View {
    if condition { content() }
}

fileprivate struct ListItem: Identifiable, Equatable {
    let id: Int
    var title: String
    var flag: Bool
}

/// A keyed list in `@State` mutated by one "mutate" button (insert, remove, move, shuffle, reverse, edit …),
/// with rows that have their own `@State` (also driven by `HTMLTreeModelTests`).
struct KeyedListView: View {
    let seed: UInt64
    @State private var items: [ListItem] = (0..<4).map { ListItem(id: $0, title: "item \($0)", flag: $0 % 2 == 0) }
    @State private var step: UInt64 = 0
    @State private var nextID = 4
    @State private var showHeader = true
    @State private var compact = false

    var body: some View {
        VStack(spacing: compact ? 2 : nil) {
            if showHeader { Text("Items: \(items.count)").bold() } else { Divider() }
            HStack {
                Button("mutate") { mutate() }.accessibilityIdentifier("mutate")
                Button("header") { showHeader.toggle() }.accessibilityIdentifier("header")
                Button("compact") { compact.toggle() }.accessibilityIdentifier("compact")
            }
            ForEach(items) { item in ListRow(item: item, compact: compact) }
            maybe(items.isEmpty) { Text("empty") }
            Text("end")
        }
    }

    private func newItem(_ g: inout SplitMix64) -> ListItem {
        defer { nextID += 1 }
        return ListItem(id: nextID, title: g.chance(30) ? g.text(maxTokens: 3) : "item \(nextID)", flag: g.chance(50))
    }

    private func mutate() {
        var g = SplitMix64(mix(seed, step))
        step += 1
        var list = items
        var op = g.int(11)
        if list.count < 2 && op != 10 { op = 0 }
        if list.count > 8 && op == 0 { op = 1 }
        switch op {
        case 0:  // insert 1-3
            for _ in 0..<g.int(1, 3) { list.insert(newItem(&g), at: g.int(list.count + 1)) }
        case 1:  // remove 1-2
            for _ in 0..<g.int(1, 2) where !list.isEmpty { list.remove(at: g.int(list.count)) }
        case 2:  // move one
            let from = g.int(list.count)
            let item = list.remove(at: from)
            list.insert(item, at: g.int(list.count + 1))
        case 3: g.shuffle(&list)
        case 4: list.reverse()
        case 5:  // edit a title
            let i = g.int(list.count)
            list[i].title = g.chance(50) ? g.text() : "edited \(list[i].id) \(step)"
        case 6:  // flip a flag
            let i = g.int(list.count)
            list[i].flag.toggle()
        case 7: list.swapAt(g.int(list.count), g.int(list.count))
        case 8:  // rotate
            let k = g.int(list.count)
            list = Array(list[k...] + list[..<k])
        case 9:  // remove, insert and move at once
            list.remove(at: g.int(list.count))
            list.insert(newItem(&g), at: g.int(list.count + 1))
            if list.count > 1 { list.swapAt(0, list.count - 1) }
            if g.chance(50) { list.insert(newItem(&g), at: g.int(list.count + 1)) }
        default:  // replace everything, or clear
            if g.chance(30) {
                list = []
            } else {
                let keep = list.filter { _ in g.chance(40) }
                list = keep
                for _ in 0..<g.int(1, 4) { list.insert(newItem(&g), at: g.int(list.count + 1)) }
                g.shuffle(&list)
            }
        }
        items = list
        // Sometimes change the rows' inputs and the surroundings in the same flush as the reorder.
        if g.chance(20) { compact.toggle() }
        if g.chance(15) { showHeader.toggle() }
    }
}

/// A row with its own state: a counter and an expanded flag. Its identity is the item's id.
fileprivate struct ListRow: View {
    let item: ListItem
    let compact: Bool
    @State private var count = 0
    @State private var expanded = false

    // A row is one or two sibling elements of the list: moving a row moves all of its elements.
    var body: some View {
        HStack {
            maybe(item.flag) { Image(systemName: "star") }
            Text(item.title)
            Button("n=\(count)") { count += 1 }.accessibilityIdentifier("row-\(item.id)")
            Button(expanded ? "less" : "more") { expanded.toggle() }.accessibilityIdentifier("exp-\(item.id)")
        }
        .padding(compact ? 0 : 4)
        .opacity(item.flag ? 0.5 : 1)
        .accessibilityIdentifier("item-\(item.id)")
        maybe(expanded) {
            VStack {
                Text("details of \(item.title)")
                maybe(count > 1) { Text("clicked \(count) times") }
            }
            .accessibilityIdentifier("det-\(item.id)")
        }
    }
}

/// `if/else`, `switch`, nested conditionals, `Group`, a recursive view, toggles, modifiers whose values change
/// and a conditional modifier (`if … { x.padding() } else { x }`).
fileprivate struct BranchesView: View {
    @State private var mode = 0
    @State private var flag = false
    @State private var level = 0

    var body: some View {
        VStack {
            Toggle("Flag", isOn: $flag).accessibilityIdentifier("flag")
            HStack {
                Button("next") { mode = (mode + 1) % 5 }.accessibilityIdentifier("next")
                Button("back") { mode = (mode + 4) % 5 }.accessibilityIdentifier("back")
                Button("deeper") { level = (level + 1) % 4 }.accessibilityIdentifier("deeper")
            }
            switch mode {
            case 0: Label("zero \(level)", systemImage: flag ? "star" : "heart")
            case 1:
                HStack {
                    Text("one")
                    maybe(flag) { Text("flag on") }
                }
            case 2:
                Group {
                    Text("two a")
                    Text("two b")
                    maybe(!flag) { Divider() }
                }
            case 3: EmptyView()
            default:
                VStack {
                    Toggle(isOn: $flag) {
                        Text("inner flag")
                        maybe(level % 2 == 1) { Image(systemName: "star") }
                        if flag { Text("on") } else { Spacer() }
                    }
                    Text("four")
                }
            }
            // The same type (`Button<Text>`) with text content or with child elements: same identity,
            // different content kind.
            (level % 2 == 0 ? Button("plain") { level += 1 } : Button(action: { level += 1 }) { Text("label") })
                .accessibilityIdentifier("kind-switch")
            Text("layered")
                .overlay {
                    if flag { Text("over \(level)") } else { EmptyView() }
                }
                .background { maybe(mode == 1) { Divider() } }
            if flag {
                VStack {
                    if level > 1 { Text("deep").padding() } else { Text("shallow") }
                    NestedLevel(level: level)
                }
            } else {
                HStack {
                    Text("off")
                    maybe(level == 3) { Text("max") }
                }
            }
            Text("tail").opacity(flag ? 0.5 : 1).padding(flag ? 8 : 0)
            Group {
                maybe(level % 2 == 0) { Text("even") }
                Text("level \(level)")
            }
            .foregroundColor(mode == 2 ? .red : nil)
            if level == 0 { Text("A").padding() } else { Text("A") }
            ZStack {
                if mode % 2 == 0 { Text("z even") } else { Spacer() }
                Text("z")
            }
        }
    }
}

fileprivate struct NestedLevel: View {
    let level: Int
    @State private var taps = 0

    var body: some View {
        if level == 0 {
            Text("L0")
        } else {
            VStack {
                Button("tap \(taps)") { taps += 1 }.accessibilityIdentifier("v-tap")
                maybe(taps % 2 == 1) { Text("odd") }
                NestedLevel(level: level - 1)
            }
        }
    }
}

fileprivate struct Entry: Identifiable, Equatable {
    let id: Int
    let text: String
}

/// Text fields fed with arbitrary text, submit, a toggle that disables and swaps controls, a slider, a picker.
fileprivate struct FormView: View {
    @State private var name = ""
    @State private var note = "a&b"
    @State private var enabled = true
    @State private var entries: [Entry] = []
    @State private var nextID = 0
    @State private var volume = 0.5
    @State private var color = "red"

    var body: some View {
        VStack(alignment: .leading) {
            TextField("Name <&\"'>", text: $name)
                .accessibilityIdentifier("name")
                .onSubmit {
                    entries.append(Entry(id: nextID, text: name))
                    nextID += 1
                    if entries.count > 6 { entries.removeFirst() }
                }
            Text("Hello, \(name)!")
            if name.isEmpty {
                Text("(empty)")
            } else if name.count > 8 {
                Text("long: \(name.count)").bold()
            } else {
                HStack {
                    Text(name)
                    Text("short")
                }
            }
            Toggle("Enabled", isOn: $enabled).accessibilityIdentifier("enabled")
            if enabled {
                TextField("Note", text: $note).accessibilityIdentifier("note").htmlAttribute("title", note)
            } else {
                Text(note).italic()
            }
            TextField("Mirror", text: $name).disabled(!enabled).accessibilityIdentifier("mirror")
            Slider(value: $volume, in: 0...10).accessibilityIdentifier("volume")
            Text("volume \(formatNumber(volume))")
            Picker("Color", selection: $color) {
                // The options change with the name: options come and go, the selection may vanish.
                ForEach(["red", "green", "blue", "<&>"] + (name.isEmpty ? [] : ["n\(name.count % 3)"]), id: \.self) { c in
                    Text(c)
                }
            }
            .accessibilityIdentifier("color")
            Text("color \(color)").htmlAttribute("data-color", color)
            ForEach(entries) { entry in
                HStack {
                    Text(entry.text)
                    Button("x") { entries.removeAll { $0.id == entry.id } }.accessibilityIdentifier("del-\(entry.id)")
                }
            }
            Button("clear") { name = "" }.accessibilityIdentifier("clear")
        }
    }
}

/// `AnyView` switching types, `.id` changes (fresh state), groups with changing modifiers.
fileprivate struct IdentityView: View {
    @State private var kind = 0
    @State private var generation = 0
    @State private var other = 0

    var body: some View {
        NavigationStack {
            content
                .navigationTitle("Gen \(generation)")
                .navigationBarHidden(kind == 1)
        }
        // Siblings of the navigation stack directly under the root element.
        if kind == 3 { Text("root extra \(other)") } else { EmptyView() }
        if generation % 3 == 1 { Divider() } else { EmptyView() }
    }

    private var content: some View {
        VStack {
            HStack {
                Button("kind") { kind = (kind + 1) % 4 }.accessibilityIdentifier("kind")
                Button("regen") { generation += 1 }.accessibilityIdentifier("regen")
                Button("other") { other += 1 }.accessibilityIdentifier("other")
            }
            erased
            CounterBox(label: "gen \(generation)").id(generation)
            CounterBox(label: "stable \(other % 3)")
            Group {
                maybe(other % 3 == 0) { CounterBox(label: "g") }
                Text("other \(other)")
            }
            .padding(other % 2 == 0 ? 4 : 8)
            ZStack {
                Text("z")
                maybe(kind == 2) { Text("z2") }
            }
            .id(kind == 3 ? 1 : 0)
            Text("same").id(other % 2)
            if generation % 2 == 0 { AnyView(CounterBox(label: "even gen")) } else { AnyView(Text("odd gen")) }
            // A deeper title that comes and goes: the navigation bar follows it.
            maybe(other % 4 == 1) { Text("titled").navigationTitle("Other \(other)") }
        }
    }

    private var erased: AnyView {
        switch kind {
        case 0: AnyView(Text("any text \(other)"))
        case 1: AnyView(Button("any button") { other += 1 }.accessibilityIdentifier("v-any"))
        case 2:
            AnyView(
                VStack {
                    Text("any stack")
                    CounterBox(label: "in any")
                })
        default: AnyView(Text("any text again \(other)").padding())
        }
    }
}

fileprivate struct CounterBox: View {
    let label: String
    @State private var count = 0

    var body: some View {
        HStack {
            Text(label)
            Button("+\(count)") { count += 1 }.accessibilityIdentifier("v-count")
            maybe(count > 0) { Text("counted") }
        }
    }
}

fileprivate struct Bucket: Identifiable, Equatable {
    let id: Int
    var items: [ListItem]
}

/// Nested keyed lists (a `List` of sections, each a `ForEach`), items moving between buckets, and a flat
/// keyed view of all items whose identity survives those moves.
fileprivate struct NestedListsView: View {
    let seed: UInt64
    @State private var buckets: [Bucket] = (0..<3).map { b in
        Bucket(id: b, items: (0..<2).map { ListItem(id: b * 10 + $0, title: "b\(b) i\($0)", flag: false) })
    }
    @State private var step: UInt64 = 0
    @State private var nextItem = 100
    @State private var nextBucket = 3

    var body: some View {
        VStack {
            Button("mutate") { mutate() }.accessibilityIdentifier("mutate")
            List {
                ForEach(buckets) { bucket in
                    Section("Bucket \(bucket.id) (\(bucket.items.count))") {
                        ForEach(bucket.items) { item in
                            Text(item.title).accessibilityIdentifier("v-t-\(item.id)")
                        }
                    }
                    .accessibilityIdentifier("bucket-\(bucket.id)")
                }
            }
            ScrollView {
                ForEach(buckets.flatMap(\.items)) { item in FlatRow(item: item) }
            }
            .accessibilityIdentifier("scroller")
        }
    }

    private func mutate() {
        var g = SplitMix64(mix(seed, step))
        step += 1
        var list = buckets
        var op = g.int(9)
        if op == 3 && list.reduce(0, { $0 + $1.items.count }) >= 8 { op = 4 }
        switch op {
        case 0:  // move an item to another bucket
            let from = g.int(list.count)
            if !list[from].items.isEmpty {
                let item = list[from].items.remove(at: g.int(list[from].items.count))
                let to = g.int(list.count)
                list[to].items.insert(item, at: g.int(list[to].items.count + 1))
            }
        case 1: g.shuffle(&list)
        case 2:  // shuffle inside a bucket
            let b = g.int(list.count)
            g.shuffle(&list[b].items)
        case 3:  // add an item
            let b = g.int(list.count)
            list[b].items.insert(
                ListItem(id: nextItem, title: g.text(maxTokens: 3), flag: g.chance(50)), at: g.int(list[b].items.count + 1))
            nextItem += 1
        case 4:  // remove an item
            let b = g.int(list.count)
            if !list[b].items.isEmpty { list[b].items.remove(at: g.int(list[b].items.count)) }
        case 5:  // add a bucket, or remove one when there are many
            if list.count > 4 {
                list.remove(at: g.int(list.count))
            } else {
                list.insert(Bucket(id: nextBucket, items: []), at: g.int(list.count + 1))
                nextBucket += 1
            }
        case 6:  // edit or flag an item
            let b = g.int(list.count)
            if !list[b].items.isEmpty {
                let i = g.int(list[b].items.count)
                if g.chance(50) { list[b].items[i].flag.toggle() } else { list[b].items[i].title = g.text() }
            }
        case 7:  // replace an item by a new one in the same place
            let b = g.int(list.count)
            if !list[b].items.isEmpty {
                list[b].items[g.int(list[b].items.count)] = ListItem(id: nextItem, title: "new \(nextItem)", flag: g.chance(50))
                nextItem += 1
            } else {
                list.reverse()
            }
        default: list.reverse()
        }
        if list.isEmpty { list = [Bucket(id: nextBucket, items: [])]; nextBucket += 1 }
        buckets = list
    }
}

/// A row of the flat list, keyed by item id (so it survives moves between buckets), with its own state.
fileprivate struct FlatRow: View {
    let item: ListItem
    @State private var selected = false

    var body: some View {
        HStack {
            Text(item.title)
            maybe(item.flag) { Text("flagged") }
            maybe(selected) { Image(systemName: "checkmark") }
            Toggle(isOn: $selected) { Text("sel") }
        }
        .onTapGesture { selected.toggle() }
        .accessibilityIdentifier("flat-\(item.id)")
    }
}

// MARK: - Scenarios

/// The views the property test drives.
enum ReconcilerScenario: String, CaseIterable, Sendable, CustomStringConvertible {
    case keyedList, branches, form, identity, nestedLists

    var description: String { rawValue }

    fileprivate func makeSession(seed: UInt64) -> LiveSession {
        switch self {
        case .keyedList: LiveSession(changeLog: .discard) { KeyedListView(seed: seed) }
        case .branches: LiveSession(changeLog: .discard) { BranchesView() }
        case .form: LiveSession(changeLog: .discard) { FormView() }
        case .identity: LiveSession(changeLog: .discard) { IdentityView() }
        case .nestedLists: LiveSession(changeLog: .discard) { NestedListsView(seed: seed) }
        }
    }

    /// Patch ops a run of this scenario must produce.
    var expectedOps: [String] {
        switch self {
        case .keyedList, .nestedLists: ["text", "attrs", "replace", "insert", "remove", "move"]
        case .branches, .identity: ["text", "attrs", "replace", "insert", "remove"]
        case .form: ["text", "attrs", "replace", "insert", "remove"]
        }
    }

    /// How often the driver picks an element, by its accessibility identifier.
    fileprivate func weight(aid: String?) -> Int {
        switch (self, aid) {
        case (.keyedList, "mutate"): 8
        case (.nestedLists, "mutate"): 6
        case (.form, "name"), (.form, "note"): 3
        default: 1
        }
    }
}

// MARK: - Driver

fileprivate struct PropertyFailure: Error, CustomStringConvertible {
    let description: String
}

fileprivate struct SequenceRunner {
    let scenario: ReconcilerScenario
    let seed: UInt64
    let verbose: Bool
    var events = 0
    /// How many patches of each op the sequence saw (to check that the generators reach every op).
    var opCounts: [String: Int] = [:]

    /// Runs one sequence of 10…20 events; throws a `PropertyFailure` describing the first broken property.
    mutating func run() async throws {
        var g = SplitMix64(seed)
        let session = scenario.makeSession(seed: g.next())
        defer { Task { [session] in await session.close() } }
        var html = await session.html()
        var tree = try parse(html, step: -1, what: "initial render")
        if !tree.duplicateLids().isEmpty { throw failure(step: -1, "duplicate lids in initial render: \(tree.duplicateLids())\n\(html)") }
        var version = session.version
        var history: [String] = []
        // Per-row state model (keyed list): what each row's counter and expanded flag must show.
        var rowClicks: [String: Int] = [:]
        var rowExpanded: [String: Bool] = [:]

        let steps = g.int(10, 15)
        for step in 0..<steps {
            let (event, expectRejection) = chooseEvent(tree, &g)
            history.append(describe(event))
            if verbose { print("[\(scenario):\(hex(seed))] step \(step): \(describe(event))") }
            let oldAids = tree.lidsByAid()
            let targetElement = tree.find(lid: event.target) ?? tree.elements(withAttribute: "data-aid", event.target).first

            let update: Update
            do {
                update = try await session.send(event)
                events += 1
            } catch let error as LiveError {
                events += 1
                guard expectRejection else {
                    throw failure(step: step, "event \(describe(event)) was rejected: \(error)", history: history, html: html)
                }
                let after = await session.html()
                if after != html {
                    throw failure(step: step, "a rejected event changed the HTML", history: history, html: html, expected: after)
                }
                continue
            }
            if expectRejection {
                throw failure(step: step, "event \(describe(event)) should have been rejected", history: history, html: html)
            }
            if verbose { print("  patches: " + update.patches.map(\.json).joined(separator: ", ")) }
            for patch in update.patches { opCounts[patch.op, default: 0] += 1 }

            // Versions: +1 per update with patches, unchanged otherwise.
            let expectedVersion = update.patches.isEmpty ? version : version + 1
            if update.version != expectedVersion {
                throw failure(
                    step: step, "version \(update.version), expected \(expectedVersion)", history: history, html: html,
                    patches: update.patches)
            }
            version = update.version

            // Patches applied to the previous HTML give the fresh render.
            let fresh = await session.html()
            let freshTree = try parse(fresh, step: step, what: "fresh render")
            do {
                try tree.apply(update.patches)
            } catch let error as HTMLTreeError {
                throw failure(
                    step: step, "patches do not apply: \(error)", history: history, html: html, patches: update.patches,
                    expected: fresh)
            }
            let freshDuplicates = freshTree.duplicateLids()
            if !freshDuplicates.isEmpty {
                throw failure(step: step, "duplicate lids in fresh render: \(freshDuplicates)", history: history, html: html, expected: fresh)
            }
            // (Equal to the fresh render, which has no duplicates, means no duplicates after patching either.)
            if !HTMLTree.sameContent(tree.root, freshTree.root) {
                let patchedDuplicates = tree.duplicateLids()
                if !patchedDuplicates.isEmpty {
                    throw failure(
                        step: step, "duplicate lids after patching: \(patchedDuplicates)", history: history, html: html,
                        patches: update.patches, expected: fresh)
                }
                let expected = freshTree.normalized
                let actual = tree.normalized
                throw failure(
                    step: step, "patched HTML differs from a fresh render", history: history, html: html,
                    patches: update.patches, expected: expected, actual: actual)
            }

            // Nothing changed on the page: nothing to send.
            if fresh == html && !update.patches.isEmpty {
                throw failure(
                    step: step, "the HTML did not change, yet the update has patches", history: history, html: html,
                    patches: update.patches)
            }

            // Identities that survive keep their lid (aids starting with "v-" may legitimately change identity).
            let newAids = freshTree.lidsByAid()
            for (aid, oldLid) in oldAids where !aid.hasPrefix("v-") {
                if let newLid = newAids[aid], newLid != oldLid {
                    throw failure(
                        step: step, "element \(aid) changed lid \(oldLid) → \(newLid) although its identity survived",
                        history: history, html: html, patches: update.patches, expected: fresh)
                }
            }

            // Row state follows its row (keyed list): counters and expansion.
            if scenario == .keyedList {
                if let aid = targetElement?.attributes["data-aid"] {
                    if aid.hasPrefix("row-") { rowClicks[aid, default: 0] += 1 }
                    if aid.hasPrefix("exp-") { rowExpanded[aid, default: false].toggle() }
                }
                let freshElements = freshTree.allElements
                let freshAids = Set(freshElements.compactMap { $0.attributes["data-aid"] })
                for element in freshElements {
                    guard let aid = element.attributes["data-aid"] else { continue }
                    if aid.hasPrefix("row-"), element.textContent != "n=\(rowClicks[aid] ?? 0)" {
                        throw failure(
                            step: step, "row \(aid) shows \(element.textContent.debugDescription), expected n=\(rowClicks[aid] ?? 0)",
                            history: history, html: html, patches: update.patches, expected: fresh)
                    }
                    if aid.hasPrefix("exp-") {
                        let id = aid.dropFirst(4)
                        let isExpanded = rowExpanded[aid] ?? false
                        let hasDetails = freshAids.contains("det-\(id)")
                        if isExpanded != hasDetails {
                            throw failure(
                                step: step, "row \(id) expanded=\(isExpanded) but details shown=\(hasDetails)",
                                history: history, html: html, patches: update.patches, expected: fresh)
                        }
                    }
                }
            }

            tree = freshTree
            html = fresh
        }
    }

    /// A random interaction with a random interactive element, or (rarely) an event that must be rejected.
    private func chooseEvent(_ tree: HTMLTree, _ g: inout SplitMix64) -> (ClientEvent, Bool) {
        if g.chance(3) {
            switch g.int(3) {
            case 0: return (.click("k\(900_000 + g.int(1000))"), true)
            case 1: return (.click("no-such-aid"), true)
            default:
                if let toggle = tree.allElements.first(where: { $0.attributes["class"]?.contains("lui-toggle") == true && $0.attributes["data-on"] != nil }),
                    let lid = toggle.lid
                {
                    return (.change(lid, "maybe"), true)
                }
                return (.click("k\(900_000 + g.int(1000))"), true)
            }
        }
        var aidCounts: [String: Int] = [:]
        let all = tree.allElements
        for e in all { if let aid = e.attributes["data-aid"] { aidCounts[aid, default: 0] += 1 } }
        var candidates: [(HTMLTree.Element, Int)] = []
        var total = 0
        for e in all where e.attributes["data-on"] != nil && e.attributes["disabled"] == nil && e.lid != nil {
            let w = scenario.weight(aid: e.attributes["data-aid"])
            candidates.append((e, w))
            total += w
        }
        guard total > 0 else { return (.click("k999999"), true) }
        var r = g.int(total)
        var chosen = candidates[0].0
        for (e, w) in candidates {
            if r < w {
                chosen = e
                break
            }
            r -= w
        }
        let lid = chosen.lid!
        var target = lid
        if let aid = chosen.attributes["data-aid"], aidCounts[aid] == 1, g.chance(50) { target = aid }
        let types = chosen.attributes["data-on"]!.split(separator: " ").map(String.init)
        let type = g.pick(types)
        switch type {
        case "click": return (.click(target), false)
        case "submit": return (.submit(target), false)
        case "scroll": return (.scroll(target, x: Double(g.int(0, 500)), y: Double(g.int(0, 500)) / 2), false)
        case "input", "change":
            if chosen.tag == "input" && chosen.attributes["type"] == "range" {
                let value = g.chance(20) ? String(g.int(-5, 20)) : formatNumber(Double(g.int(0, 40)) / 4)
                return (ClientEvent(target: target, type: type, value: value), false)
            }
            if chosen.tag == "label" {  // Toggle
                return (.change(target, g.chance(50) ? "true" : "false"), false)
            }
            if chosen.tag == "select" {
                let options = chosen.elementChildren.compactMap { $0.attributes["value"] }
                if let value = options.isEmpty ? nil : g.pick(options) { return (.change(target, value), false) }
                return (.change(target, "no option"), true)
            }
            var text = g.text()
            if g.chance(15) { text = "" }
            return (ClientEvent(target: target, type: type, value: text), false)
        default:
            return (ClientEvent(target: target, type: type, value: nil), false)
        }
    }

    private func parse(_ html: String, step: Int, what: String) throws -> HTMLTree {
        do {
            return try HTMLTree(parsing: html)
        } catch {
            throw failure(step: step, "\(what) does not parse: \(error)\n\(html)")
        }
    }

    private func describe(_ event: ClientEvent) -> String {
        var s = ".\(event.type)(\(event.target.debugDescription)"
        if let value = event.value { s += ", \(value.debugDescription)" }
        return s + ")"
    }

    private func failure(
        step: Int, _ message: String, history: [String] = [], html: String? = nil, patches: [Patch]? = nil,
        expected: String? = nil, actual: String? = nil
    ) -> PropertyFailure {
        var s = "Reconciler property failed: scenario \(scenario), seed \(hex(seed)), step \(step)\n"
        s += "  replay: LIVEUI_PROP_REPLAY=\(scenario):\(hex(seed)) swift test --filter ReconcilerProperty\n"
        s += "  \(message)\n"
        if !history.isEmpty { s += "  events: " + history.joined(separator: " ") + "\n" }
        if let html { s += "  previous HTML: \(html)\n" }
        if let patches { s += "  patches: [" + patches.map(\.json).joined(separator: ", ") + "]\n" }
        if let expected { s += "  expected (fresh render): \(expected)\n" }
        if let actual { s += "  actual (patched):         \(actual)\n" }
        return PropertyFailure(description: s)
    }
}

fileprivate func hex(_ v: UInt64) -> String { "0x" + String(v, radix: 16) }

// MARK: - Tests

@Suite("Reconciler property")
struct ReconcilerPropertyTests {
    /// Sequences per scenario: 5 scenarios × 200 = 1,000 sequences of 10–15 events per run.
    static let sequencesPerScenario = ProcessInfo.processInfo.environment["LIVEUI_PROP_SEQUENCES"].flatMap { Int($0) } ?? 200
    static let baseSeed: UInt64 = 0x4C49_5645_5549_0001

    @Test("applying each update's patches to the previous HTML gives a fresh render", arguments: ReconcilerScenario.allCases)
    func randomEventSequences(_ scenario: ReconcilerScenario) async throws {
        let environment = ProcessInfo.processInfo.environment
        if let replay = environment["LIVEUI_PROP_REPLAY"] {
            let parts = replay.split(separator: ":")
            guard parts.count == 2, parts[0] == scenario.rawValue else { return }
            let text = parts[1].hasPrefix("0x") ? parts[1].dropFirst(2) : parts[1]
            let seed = try #require(UInt64(text, radix: 16), "LIVEUI_PROP_REPLAY=<scenario>:<hex seed>")
            var runner = SequenceRunner(scenario: scenario, seed: seed, verbose: true)
            do { try await runner.run() } catch let failure as PropertyFailure { Issue.record("\(failure)") }
            return
        }
        if let only = environment["LIVEUI_PROP_ONLY"], only != scenario.rawValue { return }
        let started = ContinuousClock.now
        var events = 0
        var failures = 0
        var opCounts: [String: Int] = [:]
        let scenarioIndex = UInt64(ReconcilerScenario.allCases.firstIndex(of: scenario)! + 1)
        for i in 0..<Self.sequencesPerScenario {
            let seed = mix(Self.baseSeed &+ scenarioIndex << 32, UInt64(i))
            var runner = SequenceRunner(scenario: scenario, seed: seed, verbose: false)
            do {
                try await runner.run()
            } catch let failure as PropertyFailure {
                print(failure.description)
                Issue.record("\(failure)")
                failures += 1
                if failures >= 3 { break }  // enough to diagnose; keep the log readable
            }
            events += runner.events
            // A session idle on the caller's executor never suspends: give the cooperative pool's other tasks
            // (other suites' servers run endpoint handlers there) a turn between sequences.
            await Task.yield()
            opCounts.merge(runner.opCounts, uniquingKeysWith: +)
        }
        let elapsed = ContinuousClock.now - started
        let ops = opCounts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print("Reconciler property [\(scenario)]: \(Self.sequencesPerScenario) sequences, \(events) events, \(elapsed); patches: \(ops)")
        // The generators must keep reaching the ops this scenario is about, or the property says little.
        if failures == 0 && Self.sequencesPerScenario >= 50 {
            for op in scenario.expectedOps {
                #expect(opCounts[op, default: 0] > 0, "scenario \(scenario) produced no \(op) patch")
            }
        }
    }
}
