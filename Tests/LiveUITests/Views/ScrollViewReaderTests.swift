import Testing

@testable import LiveUI

@Suite("ScrollViewReader")
struct ScrollViewReaderTests {
    private struct Jumper: View {
        let target: Int
        var body: some View {
            ScrollViewReader { proxy in
                VStack {
                    Button("Jump") { proxy.scrollTo(target, anchor: .top) }.accessibilityIdentifier("jump")
                    ScrollView {
                        LazyVStack { ForEach(0..<100_000, id: \.self) { Text("Row \($0)") } }.accessibilityIdentifier("list")
                    }
                }
            }
        }
    }

    @Test("scrollTo a row not rendered moves the window to it and asks the client to scroll")
    func scrollsToLazyRow() async throws {
        let session = LiveSession(changeLog: .discard) { Jumper(target: 70_000) }
        let before = await session.html()
        #expect(!before.contains(">Row 70000<"))
        let update = try await session.send(.click("jump"))
        let html = await session.html()
        #expect(html.contains(">Row 70000<"))
        #expect(html.contains("data-scroll-to=\"70000 start 1\""))
        let tree = try HTMLTree(parsing: before)
        try tree.apply(update.patches)
        #expect(tree.normalized == (try HTMLTree.normalize(html)))
        _ = try await session.send(.click("jump"))
        #expect(await session.html().contains("data-scroll-to=\"70000 start 2\""))
    }

    @Test("scrollTo a rendered view names its element on the reader; an unknown id does nothing")
    func scrollsToRenderedView() async throws {
        struct Page: View {
            var body: some View {
                ScrollViewReader { proxy in
                    Button("Down") { proxy.scrollTo("end") }.accessibilityIdentifier("down")
                    Button("Nowhere") { proxy.scrollTo("nowhere", anchor: .center) }.accessibilityIdentifier("nowhere")
                    ScrollView { Text("End").id("end").accessibilityIdentifier("end") }
                }
            }
        }
        let session = LiveSession(changeLog: .discard) { Page() }
        let before = await session.html()
        #expect(before.contains("class=\"lui-scroll-reader\""))
        _ = try await session.send(.click("nowhere"))
        #expect(await session.html() == before)
        _ = try await session.send(.click("down"))
        let tree = try HTMLTree(parsing: await session.html())
        let lid = try #require(tree.lidsByAid()["end"])
        #expect(tree.elements(withAttribute: "data-scroll-to", "\(lid) nearest 1").count == 1)
    }

    @Test("anchors map to scrollIntoView's block")
    func anchors() {
        #expect(ScrollViewProxy.block(nil) == "nearest")
        #expect(ScrollViewProxy.block(.top) == "start")
        #expect(ScrollViewProxy.block(.center) == "center")
        #expect(ScrollViewProxy.block(.bottomTrailing) == "end")
    }
}
