import Foundation
import Testing

@testable import LiveUI

/// A button that can be taken out of the tree, and a counter beside it.
private struct Removable: View {
    @State private var shows = true
    @State private var presses = 0
    var body: some View {
        VStack {
            if shows { Button("Press \(presses)") { presses += 1 }.accessibilityIdentifier("press") }
            Button("Remove") { shows = false }.accessibilityIdentifier("remove")
        }
    }
}

/// The `data-lid` of the element whose `data-aid` is `aid` in `html`.
private func lid(ofAID aid: String, in html: String) throws -> String {
    let marker = "data-aid=\"\(aid)\""
    let tag = try #require(html.components(separatedBy: "<").first { $0.contains(marker) })
    let start = try #require(tag.range(of: "data-lid=\"")).upperBound
    return String(tag[start...].prefix { $0 != "\"" })
}

@Suite("Element lids")
struct ElementLidTests {
    @Test("a lid reads back as the number it was made from")
    func lidRoundTrips() {
        for number: UInt64 in [ElementLid.root, 1, 9, 10, 12_345, 1 << 40 | 7, ElementLid.maximum] {
            #expect(ElementLid.number(ElementLid.string(number)) == number)
        }
        #expect(ElementLid.string(ElementLid.root) == "root")
        #expect(ElementLid.string(12) == "k12")
    }

    @Test("a lid is `k` and the number's decimal digits, at every length a lid can have")
    func lidSpellsTheNumber() {
        var number: UInt64 = 1
        while number <= ElementLid.maximum {
            for candidate in [number, number + 1, number * 10 - 1] where candidate <= ElementLid.maximum {
                #expect(ElementLid.string(candidate) == "k" + String(candidate))
            }
            number *= 10
        }
        #expect(ElementLid.string(ElementLid.maximum) == "k281474976710655")
    }

    @Test("a string spelled otherwise than a lid names no element")
    func nonCanonicalLidNamesNothing() {
        for string in ["", "k", "k0", "k012", "K12", "k-1", "k1e3", "k12c", " k12", "k12 ", "root ", "roo", "Root", "rooT", "rook", "xoot",
            "k" + String(repeating: "9", count: 16), "k" + String(ElementLid.maximum + 1), "k１２"]
        {
            #expect(ElementLid.number(string) == nil, "\(string)")
        }
    }

    @Test("an internal sub-element's lid names the element it belongs to")
    func ownerOfInternalLid() {
        #expect(ElementLid.ownerNumber("k12c") == 12)
        #expect(ElementLid.ownerNumber("k12-input") == 12)
        #expect(ElementLid.ownerNumber("k12") == nil)
        #expect(ElementLid.ownerNumber("k012c") == nil)
        #expect(ElementLid.ownerNumber("kc") == nil)
        #expect(ElementLid.ownerNumber("root-c") == nil)
    }

    @Test("an element's state gives back the lid it was made with, the longest included")
    func elementStateKeepsItsLid() {
        for number: UInt64 in [1, 12, 1 << 44 | 3, ElementLid.maximum] {
            let state = ElementState(lidNumber: number)
            #expect(state.lidNumber == number)
            #expect(state.lid == ElementLid.string(number))
        }
        #expect(ElementState(lidNumber: 1 << 44 | 3).lid == "k17592186044419")
    }

    @Test("an event addressed by lid reaches its element; the lid of a removed element reaches nothing")
    func eventsByLid() async throws {
        let session = LiveSession(changeLog: .discard) { Removable() }
        let html = await session.html()
        let press = try lid(ofAID: "press", in: html)
        _ = try await session.send(.click(press))
        #expect(await session.html().contains("Press 1"))
        let padded = "k0" + press.dropFirst()
        await #expect(throws: LiveError.unknownTarget(padded)) { try await session.send(.click(padded)) }
        _ = try await session.send(.click("remove"))
        await #expect(throws: LiveError.unknownTarget(press)) { try await session.send(.click(press)) }
    }
}
