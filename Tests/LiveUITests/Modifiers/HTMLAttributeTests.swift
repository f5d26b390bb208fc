import Testing

@testable import LiveUI

@Suite(".htmlAttribute names")
struct HTMLAttributeTests {
    private struct Page: View {
        var body: some View {
            VStack {
                Text("ok").htmlAttribute("data-kind", "a").htmlAttribute("aria-describedby", "b").htmlAttribute("xml:lang", "en")
                Text("spaced").htmlAttribute("x onmouseover", "alert(1)")
                Text("quoted").htmlAttribute("title\"", "q")
                Text("slash").htmlAttribute("a/b", "s")
                Text("non-ascii").htmlAttribute("dåta", "n")
                Text("digit").htmlAttribute("1x", "d")
                Text("empty").htmlAttribute("", "e")
                Text("handler").htmlAttribute("onclick", "evil()")
            }
        }
    }

    @Test("only ASCII names (a letter, _ or :, then letters, digits, _ : . -) are set; others are left out with a warning")
    func nameGrammar() async {
        let log = LogRecorder()
        let html = await LiveSession(changeLog: log.changeLog) { Page() }.html()
        #expect(html.contains("data-kind=\"a\"") && html.contains("aria-describedby=\"b\"") && html.contains("xml:lang=\"en\""))
        for leaked in ["onmouseover", "alert", "title&quot;", "a/b", "dåta", "1x=", "=\"e\"", "onclick"] {
            #expect(!html.contains(leaked), "\(leaked)")
        }
        let warnings = log.all.filter { $0.contains(".htmlAttribute") }
        #expect(warnings.count == 6, "\(log.all)")
        #expect(HTMLAttributeModifier.isValidName("data-x_y.z:w") && !HTMLAttributeModifier.isValidName("é"))
    }
}
