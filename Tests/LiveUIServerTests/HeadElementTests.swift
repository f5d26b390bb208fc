import Foundation
import Testing
@testable import LiveUIServer

@Suite("Head elements an app adds to every page")
struct HeadElementTests {
    @Test("each element's HTML, every value escaped")
    func html() {
        let cases: [(HeadElement, String)] = [
            (.title("A <b> & \"c\""), "<title>A &lt;b&gt; &amp; \"c\"</title>"),
            (.icon(href: "/public/icon.svg", type: "image/svg+xml"), "<link rel=\"icon\" href=\"/public/icon.svg\" type=\"image/svg+xml\">"),
            (.icon(href: "/public/i.png", sizes: "32x32"), "<link rel=\"icon\" href=\"/public/i.png\" sizes=\"32x32\">"),
            (.stylesheet(href: "/public/app.css?a=1&b=\"2\""), "<link rel=\"stylesheet\" href=\"/public/app.css?a=1&amp;b=&quot;2&quot;\">"),
            (
                .link(rel: "manifest", href: "/public/app.webmanifest", type: "application/manifest+json"),
                "<link rel=\"manifest\" href=\"/public/app.webmanifest\" type=\"application/manifest+json\">"
            ),
            (
                .meta(name: "description", content: "<script>x</script>\"'"),
                "<meta name=\"description\" content=\"&lt;script&gt;x&lt;/script&gt;&quot;&#39;\">"
            ),
            (.meta(property: "og:title", content: "Board"), "<meta property=\"og:title\" content=\"Board\">"),
            (.script(src: "/public/app.js"), "<script type=\"module\" src=\"/public/app.js\"></script>"),
            (.script(src: "/public/old.js", isModule: false), "<script src=\"/public/old.js\" defer></script>"),
        ]
        for (element, html) in cases { #expect(element.description == html) }
    }

    @Test("an unsafe URL is written as about:blank#blocked and reported")
    func unsafe() {
        let script = HeadElement.script(src: " JavaScript:alert(1)")
        #expect(script.description == "<script type=\"module\" src=\"about:blank#blocked\"></script>")
        #expect(script.problem?.contains("unsafe") == true)
        #expect(HeadElement.stylesheet(href: "data:text/css,body{}").description.contains("href=\"about:blank#blocked\""))
    }

    @Test("a resource of another origin is reported (the page's CSP blocks it); own-origin ones and metadata are not")
    func crossOrigin() {
        #expect(HeadElement.stylesheet(href: "https://cdn.example/x.css").problem?.contains("Content-Security-Policy") == true)
        #expect(HeadElement.script(src: "//cdn.example/x.js").problem != nil)
        #expect(HeadElement.icon(href: "HTTP://cdn.example/i.png").problem != nil)
        #expect(HeadElement.stylesheet(href: "/public/app.css").problem == nil)
        #expect(HeadElement.script(src: "app.js").problem == nil)
        #expect(HeadElement.link(rel: "canonical", href: "https://example.com/").problem == nil)
        #expect(HeadElement.meta(name: "x", content: "https://example.com/").problem == nil)
    }

    @Test("the page's head holds the app's elements after LiveUI's stylesheet, its title and its viewport")
    func page() async throws {
        let t = try TestServer(head: [
            .title("Team <board>"),
            .icon(href: "/public/favicon.svg", type: "image/svg+xml"),
            .stylesheet(href: "/public/app.css"),
            .meta(name: "description", content: "a \"small\" board"),
            .meta(name: "viewport", content: "width=device-width"),
            .script(src: "https://cdn.example/x.js"),
        ])
        let r = try await http(t.port, "GET", "/counter")
        let head = try #require(r.body.components(separatedBy: "</head>").first)
        #expect(head.contains("<title>Team &lt;board&gt;</title>"))
        #expect(!head.contains("<title>LiveUI</title>"))
        #expect(head.contains("<link rel=\"icon\" href=\"/public/favicon.svg\" type=\"image/svg+xml\">"))
        #expect(head.contains("<meta name=\"description\" content=\"a &quot;small&quot; board\">"))
        #expect(head.contains("<meta name=\"viewport\" content=\"width=device-width\">"))
        #expect(!head.contains("initial-scale"))
        let ours = try #require(head.range(of: "liveui.css\">"))
        let theirs = try #require(head.range(of: "href=\"/public/app.css\""))
        #expect(ours.upperBound < theirs.lowerBound)
        #expect(head.contains("<script type=\"module\" src=\"https://cdn.example/x.js\"></script>"))
        #expect(t.logLines.value.contains { $0.contains("https://cdn.example/x.js") && $0.contains("Content-Security-Policy") })
        await t.shutdown()
    }

    @Test("without head elements the title is LiveUI; a page's own title wins over the app's")
    func titles() async throws {
        let t = try TestServer()
        let r = try await http(t.port, "GET", "/counter")
        #expect(r.body.contains("<title>LiveUI</title>"))
        #expect(r.body.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        await t.shutdown()
        let head = PageHead([.title("App")])
        let page = PageRoute.page(html: "", version: 0, token: "t", route: "/", title: "Cart & more", head: head)
        #expect(page.contains("<title>Cart &amp; more</title>"))
        #expect(PageRoute.page(html: "", version: 0, token: "t", route: "/", head: head).contains("<title>App</title>"))
    }
}
