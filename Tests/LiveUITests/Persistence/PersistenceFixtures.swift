import Foundation
import LiveUI
import TestSupport
import Testing

/// Views and helpers shared by the persistence tests.

struct PersistedCounter: View {
    let name: String
    @State private var count = 0
    var body: some View { Button("\(name) \(count)") { count += 1 }.accessibilityIdentifier("inc-\(name)") }
}

/// Nested conditionals, each branch with counters of its own.
struct PersistedConditionals: View {
    @State private var outer = true
    @State private var inner = false
    var body: some View {
        VStack {
            Button("outer") { outer.toggle() }.accessibilityIdentifier("outer")
            Button("inner") { inner.toggle() }.accessibilityIdentifier("inner")
            if outer {
                if inner {
                    PersistedCounter(name: "a")
                } else {
                    PersistedCounter(name: "b")
                    PersistedCounter(name: "c")
                }
            } else {
                PersistedCounter(name: "d").id("explicit d")
            }
        }
    }
}

struct PersistedRow: View {
    let id: Int
    @State private var taps = 0
    var body: some View { Button("Row \(id): \(taps)") { taps += 1 }.accessibilityIdentifier("row-\(id)") }
}

struct PersistedTag: View {
    let name: String
    @State private var on = false
    var body: some View { Toggle(name, isOn: $on).accessibilityIdentifier("tag-\(name)") }
}

/// A keyed list long enough for its rows to sleep, and a short one keyed by strings.
struct PersistedList: View {
    @State private var items = Array(0..<20)
    @State private var next = 20
    @State private var tags = ["red", "green", "blue sky"]
    var body: some View {
        VStack {
            Button("add") {
                items.insert(next, at: 0)
                next += 1
            }
            .accessibilityIdentifier("add")
            Button("drop") { if !items.isEmpty { items.remove(at: items.count / 2) } }.accessibilityIdentifier("drop")
            Button("reverse") { items.reverse() }.accessibilityIdentifier("reverse")
            Button("rotate") { tags.append(tags.removeFirst()) }.accessibilityIdentifier("rotate")
            ForEach(tags, id: \.self) { PersistedTag(name: $0) }
            ForEach(items, id: \.self) { PersistedRow(id: $0) }
        }
    }
}

struct PersistedDetail: View {
    let number: Int
    @State private var likes = 0
    var body: some View {
        Button("Detail \(number): \(likes)") { likes += 1 }.accessibilityIdentifier("like-\(number)")
    }
}

/// A stack keeping its own path, and one whose path is the page's `@State`.
struct PersistedNavigation: View {
    @State private var path: [Int] = []
    var body: some View {
        VStack {
            NavigationStack {
                VStack {
                    NavigationLink("One", value: 1).accessibilityIdentifier("push-1")
                    NavigationLink("Two", value: 2).accessibilityIdentifier("push-2")
                }
                .navigationDestination(for: Int.self) { PersistedDetail(number: $0) }
            }
            NavigationStack(path: $path) {
                Button("push 30") { path.append(30) }.accessibilityIdentifier("push-30")
                    .navigationDestination(for: Int.self) { PersistedDetail(number: $0) }
            }
            Button("pop") { if !path.isEmpty { path.removeLast() } }.accessibilityIdentifier("pop")
        }
    }
}

final class PersistedBasket: ObservableObject, Codable {
    @Published var apples = 0
    @Published var note = ""

    init() {}

    private enum CodingKeys: CodingKey { case apples, note }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        apples = try container.decode(Int.self, forKey: .apples)
        note = try container.decode(String.self, forKey: .note)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(apples, forKey: .apples)
        try container.encode(note, forKey: .note)
    }
}

/// Not `Codable`: starts fresh on resume.
final class PersistedClock: ObservableObject {
    @Published var ticks = 0
}

/// `@StateObject`s (one `Codable`) and `@ViewStorage`.
struct PersistedModels: View {
    @StateObject private var basket = PersistedBasket()
    @StateObject private var clock = PersistedClock()
    @ViewStorage private var draft = ""
    @State private var shown = ""
    var body: some View {
        VStack {
            Text("Apples \(basket.apples), ticks \(clock.ticks), note \(basket.note)")
            Button("apple") { basket.apples += 1 }.accessibilityIdentifier("apple")
            Button("tick") { clock.ticks += 1 }.accessibilityIdentifier("tick")
            TextField("Note", text: $basket.note).accessibilityIdentifier("note")
            Button("grow") { draft += "x" }.accessibilityIdentifier("grow")
            Button("show") { shown = draft }.accessibilityIdentifier("show")
            Text("Shown: \(shown)")
        }
    }
}

/// Renumbers lids (`"k12`, as in `data-lid="k12"` and patches' ids) in the order they first appear, so that
/// two sessions whose lids were handed out in different orders compare equal when their structure is.
struct LidNormalizer {
    private var numbers: [Substring: Int] = [:]

    mutating func normalize(_ text: String) -> String {
        var out = ""
        var index = text.startIndex
        while let quote = text[index...].range(of: "\"k") {
            out += text[index..<quote.upperBound]
            var end = quote.upperBound
            while end < text.endIndex, text[end].isASCII, text[end].isNumber { end = text.index(after: end) }
            let digits = text[quote.upperBound..<end]
            if !digits.isEmpty {
                let number = numbers[digits] ?? numbers.count
                numbers[digits] = number
                out += "L\(number)"
            }
            index = end
        }
        return out + text[index...]
    }

    /// `text` normalized by a copy of this normalizer.
    func normalizedCopy(_ text: String) -> String {
        var copy = self
        return copy.normalize(text)
    }
}
