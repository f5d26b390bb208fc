import Testing

@testable import LiveUI

@Suite("HTML tree model")
struct HTMLTreeModelTests {
    let sample =
        #"<div data-lid="root" class="lui-root"><div data-lid="k1" class="lui-vstack"><span data-lid="k2" class="lui-text">Count: 0</span><input data-lid="k4" type="text" value="a &amp; &quot;b&quot; &#39;c&#39; &lt;d&gt;"><button data-lid="k3" type="button" data-aid="increment" class="lui-button" data-on="click">Increment</button></div></div>"#

    @Test("parse and serialise round trip, attributes sorted, entities decoded")
    func roundTrip() throws {
        let tree = try HTMLTree(parsing: sample)
        #expect(
            tree.normalized
                == #"<div class="lui-root" data-lid="root"><div class="lui-vstack" data-lid="k1"><span class="lui-text" data-lid="k2">Count: 0</span><input data-lid="k4" type="text" value="a &amp; &quot;b&quot; &#39;c&#39; &lt;d&gt;"><button class="lui-button" data-aid="increment" data-lid="k3" data-on="click" type="button">Increment</button></div></div>"#
        )
        #expect(try tree.element(lid: "k4").attributes["value"] == "a & \"b\" 'c' <d>")
        #expect(try HTMLTree.normalize(tree.normalized) == tree.normalized)
        let text = try HTMLTree(parsing: #"<span data-lid="a">x &lt;b&gt; &amp;amp; "q" 'a'</span>"#)
        #expect(try text.element(lid: "a").textContent == #"x <b> &amp; "q" 'a'"#)
        #expect(text.normalized == #"<span data-lid="a">x &lt;b&gt; &amp;amp; "q" 'a'</span>"#)
        #expect(try HTMLTree.normalize(#"<p data-lid="p"><br data-lid="b"><hr data-lid="h"></p>"#) == #"<p data-lid="p"><br data-lid="b"><hr data-lid="h"></p>"#)
        #expect(try HTMLTree.normalize(#"<span data-lid="e"></span>"#) == #"<span data-lid="e"></span>"#)
    }

    @Test("structural comparison matches the normalised form")
    func sameContent() throws {
        let a = try HTMLTree(parsing: #"<div data-lid="r" class="x"><span data-lid="a">t</span>u</div>"#)
        let b = try HTMLTree(parsing: #"<div class="x" data-lid="r"><span data-lid="a">t</span>u</div>"#)
        let c = try HTMLTree(parsing: #"<div class="x" data-lid="r"><span data-lid="a">t</span>v</div>"#)
        let d = try HTMLTree(parsing: #"<div class="x" data-lid="r"><span data-lid="a" hidden="">t</span>u</div>"#)
        #expect(HTMLTree.sameContent(a.root, b.root))
        #expect(!HTMLTree.sameContent(a.root, c.root))
        #expect(!HTMLTree.sameContent(a.root, d.root))
        #expect(!HTMLTree.sameContent(d.root, a.root))
        // Text set to "" and an element with no children are the same.
        let e = try HTMLTree(parsing: #"<div data-lid="r"><span data-lid="a">t</span></div>"#)
        try e.apply(.text(id: "a", text: ""))
        #expect(HTMLTree.sameContent(e.root, try HTMLTree(parsing: #"<div data-lid="r"><span data-lid="a"></span></div>"#).root))
    }

    @Test("malformed or unescaped HTML is rejected")
    func strictParsing() {
        for bad in [
            "<div><span></div>", "<div>", "<div>a & b</div>", "<div>a > b</div>", #"<div title="a<b"></div>"#,
            #"<div title="it's"></div>"#, "<div></div><div></div>", "text", #"<div a="1" a="2"></div>"#, "<div>&bogus;</div>",
        ] {
            #expect(throws: HTMLTreeError.self, "\(bad)") { try HTMLTree(parsing: bad) }
        }
    }

    @Test("text and attrs patches")
    func textAndAttrs() throws {
        let tree = try HTMLTree(parsing: sample)
        try tree.apply([
            .text(id: "k2", text: "Count: <1> & \"2\""),
            .attrs(id: "k3", set: ["disabled": "", "class": "lui-button x"], remove: ["data-on"]),
            .attrs(id: "k4", set: ["value": "<&>"], remove: []),
        ])
        #expect(try tree.element(lid: "k2").textContent == "Count: <1> & \"2\"")
        #expect(
            tree.normalized
                == #"<div class="lui-root" data-lid="root"><div class="lui-vstack" data-lid="k1"><span class="lui-text" data-lid="k2">Count: &lt;1&gt; &amp; "2"</span><input data-lid="k4" type="text" value="&lt;&amp;&gt;"><button class="lui-button x" data-aid="increment" data-lid="k3" disabled="" type="button">Increment</button></div></div>"#
        )
        try tree.apply([.text(id: "k2", text: "")])
        #expect(tree.normalized.contains(#"<span class="lui-text" data-lid="k2"></span>"#))
        #expect(throws: HTMLTreeError.self) { try tree.apply(.text(id: "k4", text: "x")) }  // void element
        #expect(throws: HTMLTreeError.self) { try tree.apply(.text(id: "k99", text: "x")) }
        #expect(throws: HTMLTreeError.self) { try tree.apply(.attrs(id: "k99", set: [:], remove: [])) }
    }

    @Test("replace, insert and remove patches")
    func structure() throws {
        let tree = try HTMLTree(parsing: #"<div data-lid="root"><div data-lid="p"><i data-lid="a"></i><i data-lid="b"></i></div></div>"#)
        try tree.apply(.insert(parent: "p", index: 0, html: #"<b data-lid="c">c</b>"#))
        try tree.apply(.insert(parent: "p", index: 3, html: #"<b data-lid="d"></b>"#))
        try tree.apply(.insert(parent: "p", index: 2, html: #"<b data-lid="e"></b>"#))
        #expect(tree.normalized == #"<div data-lid="root"><div data-lid="p"><b data-lid="c">c</b><i data-lid="a"></i><b data-lid="e"></b><i data-lid="b"></i><b data-lid="d"></b></div></div>"#)
        #expect(throws: HTMLTreeError.self) { try tree.apply(.insert(parent: "p", index: 6, html: #"<b data-lid="f"></b>"#)) }
        #expect(throws: HTMLTreeError.self) { try tree.apply(.insert(parent: "p", index: -1, html: #"<b data-lid="f"></b>"#)) }
        #expect(throws: HTMLTreeError.self) { try tree.apply(.insert(parent: "zz", index: 0, html: #"<b data-lid="f"></b>"#)) }
        #expect(throws: HTMLTreeError.self) { try tree.apply(.insert(parent: "p", index: 0, html: #"<b data-lid="f"></b><b data-lid="g"></b>"#)) }
        try tree.apply(.replace(id: "a", html: #"<span data-lid="a2"><i data-lid="a3"></i></span>"#))
        #expect(tree.find(lid: "a") == nil)
        #expect(tree.find(lid: "a3") != nil)
        try tree.apply(.remove(id: "c"))
        try tree.apply(.remove(id: "a2"))
        #expect(tree.find(lid: "a3") == nil)
        #expect(tree.normalized == #"<div data-lid="root"><div data-lid="p"><b data-lid="e"></b><i data-lid="b"></i><b data-lid="d"></b></div></div>"#)
        #expect(throws: HTMLTreeError.self) { try tree.apply(.remove(id: "a2")) }
        #expect(throws: HTMLTreeError.self) { try tree.apply(.remove(id: "root")) }
        #expect(throws: HTMLTreeError.self) { try tree.apply(.replace(id: "nope", html: "<b></b>")) }
        // A duplicate lid is found, and a patch addressing it is refused.
        try tree.apply(.insert(parent: "p", index: 0, html: #"<b data-lid="d"></b>"#))
        #expect(tree.duplicateLids() == ["d"])
        #expect(throws: HTMLTreeError.self) { try tree.apply(.remove(id: "d")) }
    }

    @Test("move patches: taken out first, then placed at the index")
    func move() throws {
        let tree = try HTMLTree(
            parsing: #"<div data-lid="root"><ul data-lid="p"><li data-lid="a"></li><li data-lid="b"></li><li data-lid="c"></li><li data-lid="d"></li></ul><ul data-lid="q"></ul></div>"#)
        func order(_ lid: String) throws -> [String] { try tree.element(lid: lid).elementChildren.compactMap(\.lid) }
        try tree.apply(.move(id: "a", parent: "p", index: 3))
        #expect(try order("p") == ["b", "c", "d", "a"])
        try tree.apply(.move(id: "d", parent: "p", index: 0))
        #expect(try order("p") == ["d", "b", "c", "a"])
        try tree.apply(.move(id: "b", parent: "p", index: 2))
        #expect(try order("p") == ["d", "c", "b", "a"])
        try tree.apply(.move(id: "c", parent: "q", index: 0))
        #expect(try order("p") == ["d", "b", "a"])
        #expect(try order("q") == ["c"])
        #expect(throws: HTMLTreeError.self) { try tree.apply(.move(id: "a", parent: "p", index: 3)) }  // 2 others left
        #expect(throws: HTMLTreeError.self) { try tree.apply(.move(id: "p", parent: "p", index: 0)) }  // into itself
        #expect(throws: HTMLTreeError.self) { try tree.apply(.move(id: "zz", parent: "p", index: 0)) }
        #expect(throws: HTMLTreeError.self) { try tree.apply(.move(id: "a", parent: "zz", index: 0)) }
        #expect(tree.duplicateLids().isEmpty)
    }

    @Test("a patched tree compares equal to a fresh render of a real session")
    func sessionSmoke() async throws {
        let session = LiveSession(changeLog: .discard) { KeyedListView(seed: 7) }
        let tree = try HTMLTree(parsing: await session.html())
        let mutate = try #require(tree.lidsByAid()["mutate"])
        for _ in 0..<5 {
            let update = try await session.send(.click(mutate))
            try tree.apply(update.patches)
            #expect(tree.normalized == (try HTMLTree.normalize(await session.html())))
        }
        await session.close()
    }
}
