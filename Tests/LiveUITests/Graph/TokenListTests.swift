import Testing

@testable import LiveUI

@Suite("Token lists and event sets of elements")
struct TokenListTests {
    @Test("tokens keep their first-insertion order and appear once")
    func orderedAndUnique() {
        var list: TokenList = ["lui-button", "lui-row"]
        list.insert("lui-button")
        list.insert("extra")
        #expect(list.joined == "lui-button lui-row extra")
        #expect(list.tokens == ["lui-button", "lui-row", "extra"])
        #expect(list.contains("lui-row"))
        #expect(!list.contains("lui"))
    }

    @Test("a space-separated insert adds each new token")
    func multiTokenInsert() {
        var list: TokenList = ["a"]
        list.insert("b a  c")
        #expect(list.joined == "a b c")
        var empty = TokenList()
        #expect(empty.isEmpty)
        empty.insert("x y x")
        #expect(empty.joined == "x y")
        empty.removeAll()
        #expect(empty.isEmpty && empty.joined.isEmpty)
    }

    @Test("an element renders its classes and events as one attribute each")
    func renderedAsAttributes() {
        var spec = ElementSpec("input", classes: ["lui-textfield"], content: .void)
        spec.listen(.input)
        spec.listen(.submit)
        spec.listen(.input)
        spec.addClass("wide lui-textfield")
        let attributes = Dictionary(uniqueKeysWithValues: spec.renderedAttributes().map { ($0.name, $0.value) })
        #expect(attributes["class"] == "lui-textfield wide")
        #expect(attributes["data-on"] == "input submit")
    }

    @Test("an element's events render in one fixed order, each once, whatever order they were added in")
    func eventsInFixedOrder() {
        var events = ElementEvents()
        events.formUnion(.scroll)
        events.formUnion([.click, .input])
        events.formUnion(.click)
        #expect(events.attributeValue == "click input scroll")
        #expect(ElementEvents().attributeValue.isEmpty)
        #expect(ElementEvents([.submit, .change]).attributeValue == "change submit")
    }
}
