import Testing

@testable import LiveUI

@Suite("Scroll event values")
struct ScrollOffsetTests {
    @Test("an x,y pair of finite numbers is read, spaces around each number allowed")
    func readsPairs() throws {
        let plain = try #require(ScrollOffset.parse("12.5,-3"))
        #expect(plain.0 == 12.5 && plain.1 == -3)
        let spaced = try #require(ScrollOffset.parse(" 0 ,\t1e2 "))
        #expect(spaced.0 == 0 && spaced.1 == 100)
    }

    @Test("anything else is refused", arguments: ["", ",", "1", "1,", ",2", "1,2,3", "a,b", "1;2", "nan,1", "1,inf", "1 2,3"])
    func refusesOthers(value: String) {
        #expect(ScrollOffset.parse(value) == nil)
    }

    @Test("a refused value changes nothing; a good one moves the offset")
    func refusedValueChangesNothing() async throws {
        struct Page: View {
            @State private var offset = CGPoint.zero
            var body: some View {
                ScrollView(contentOffset: $offset) { Text("y \(Int(offset.y))") }.accessibilityIdentifier("list")
            }
        }
        let session = LiveSession(changeLog: .discard) { Page() }
        let before = await session.html()
        await #expect(throws: LiveError.self) { try await session.send(ClientEvent(target: "list", type: "scroll", value: "1,2,3")) }
        #expect(await session.html() == before)
        _ = try await session.send(.scroll("list", x: 0, y: 40))
        #expect(await session.html().contains("y 40"))
    }
}
