import Testing

@testable import LiveUI

@Suite("Grids")
struct GridTests {
    @Test("GridItem sizes become CSS grid tracks")
    func tracks() {
        #expect(GridItem(.fixed(80)).track == "80px")
        #expect(GridItem().track == "minmax(10px,1fr)")
        #expect(GridItem(.flexible(minimum: 20, maximum: 200)).track == "minmax(20px,200px)")
        #expect(GridItem(.adaptive(minimum: 100)).track == "repeat(auto-fill,minmax(100px,1fr))")
        #expect(GridItem(.adaptive(minimum: 50, maximum: 90)).track == "repeat(auto-fill,minmax(50px,90px))")
    }

    @Test("a LazyVGrid's columns are its grid-template-columns, its spacing the row gap")
    func lazyVGrid() async {
        let session = LiveSession(changeLog: .discard) {
            LazyVGrid(columns: [GridItem(.fixed(50), spacing: 6), GridItem(.flexible())], spacing: 12) {
                ForEach(0..<4, id: \.self) { Text("C\($0)") }
            }
        }
        let html = await session.html()
        #expect(html.contains("class=\"lui-grid\" style=\"grid-template-columns:50px minmax(10px,1fr);column-gap:6px;row-gap:12px\""))
        #expect(html.contains(">C3<"))
    }

    @Test("a LazyHGrid fills columns over its rows' tracks")
    func lazyHGrid() async {
        let session = LiveSession(changeLog: .discard) {
            LazyHGrid(rows: [GridItem(.adaptive(minimum: 40))], alignment: .top) { Text("x") }
        }
        let html = await session.html()
        #expect(html.contains("class=\"lui-grid lui-grid-h\""))
        #expect(html.contains("grid-template-rows:repeat(auto-fill,minmax(40px,1fr))"))
        #expect(html.contains("align-content:start"))
    }

    @Test("Grid, GridRow and gridCellColumns render as a CSS grid with spans")
    func grid() async {
        let session = LiveSession(changeLog: .discard) {
            Grid(alignment: .topLeading, horizontalSpacing: 8, verticalSpacing: 4) {
                GridRow(alignment: .bottom) {
                    Text("a")
                    Text("b")
                }
                GridRow { Text("wide").gridCellColumns(2) }
            }
        }
        let html = await session.html()
        #expect(html.contains("class=\"lui-grid\" style=\"justify-items:start;align-items:start;column-gap:8px;row-gap:4px\""))
        #expect(html.contains("class=\"lui-grid-row\" style=\"--lui-row-align:end\""))
        #expect(html.contains("style=\"grid-column-end:span 2\">wide<"))
    }
}
