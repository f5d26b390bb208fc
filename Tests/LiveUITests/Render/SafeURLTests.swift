import Foundation
import Testing

@testable import LiveUI

private struct Links: View {
    let destination: String
    @State private var count = 0
    var body: some View {
        VStack {
            Link("Go", destination: URL(string: destination)!)
            Button("+\(count)") { count += 1 }.accessibilityIdentifier("bump")
        }
    }
}

private struct Attributes: View {
    var body: some View {
        VStack {
            Text("a").htmlAttribute("href", "JaVaScRiPt:alert(1)")
            Text("b").htmlAttribute("FormAction", "\u{1}\u{20}vbscript:msgbox(1)")
            Image("logo.png").htmlAttribute("src", "data:image/png;base64,iVBORw0KGgo=")
            Image("logo.png").htmlAttribute("srcset", "data:image/webp;base64,AAAA 1x, /public/images/b.png 2x")
            Image("bad.png").htmlAttribute("src", "data:image/svg+xml,<svg onload=alert(1)>")
            Text("c").htmlAttribute("action", "data:image/png;base64,AAAA")
            Text("d").htmlAttribute("title", "javascript:not-a-url")
            Text("e").htmlAttribute("href", "/relative?q=1")
            Text("f").htmlAttribute("xlink:href", "java\tscript:alert(1)")
            Image("x.png").htmlAttribute("srcset", "/a.png 1x, javascript:alert(1) 2x")
        }
    }
}

@Suite("Safe URLs in href, src, action and their kin")
struct SafeURLTests {
    @Test("script and document schemes are refused, the way browsers read them; navigation schemes pass")
    func schemes() {
        for url in [
            "javascript:alert(1)", "JAVASCRIPT:alert(1)", " \u{0}\u{1F}javascript:alert(1)", "java\tscr\nipt:alert(1)",
            "java\r\nscript:x", "vbscript:msgbox(1)", "VBScript:x", "data:text/html,<script>x</script>",
            "data:,hello", "DATA:image/svg+xml,<svg/>", "\njavascript:x",
        ] {
            #expect(!SafeURL.allows(url, imageData: false), "\(url.debugDescription)")
        }
        for url in [
            "https://example.com/", "http://example.com", "HTTPS://x", "mailto:a@b.c", "tel:+123", "/path", "path/x",
            "./x", "../x", "?q=javascript:x", "#javascript:x", "//example.com/x", "", "javascript", "java script:x",
            "x-javascript:alert(1)", "sms:123", "/javascript:x",
        ] {
            #expect(SafeURL.allows(url, imageData: false), "\(url.debugDescription)")
        }
    }

    @Test("data: images pass only where an image loads, and only PNG, GIF, JPEG and WebP")
    func images() {
        for type in ["image/png", "image/gif", "image/jpeg", "image/webp", "IMAGE/PNG", " image/png"] {
            #expect(SafeURL.allows("data:\(type);base64,AAAA", imageData: true), "\(type)")
            #expect(SafeURL.allows("data:\(type),x", imageData: true), "\(type)")
            #expect(!SafeURL.allows("data:\(type);base64,AAAA", imageData: false), "\(type)")
        }
        for url in ["data:image/svg+xml,<svg/>", "data:text/html;base64,AAAA", "data:image/pngx,x", "data:,x", "data:image/png"] {
            #expect(!SafeURL.allows(url, imageData: true), "\(url)")
        }
        #expect(SafeURL.loadsImage(attribute: "src", tag: "img"))
        #expect(SafeURL.loadsImage(attribute: "srcset", tag: "source"))
        #expect(SafeURL.loadsImage(attribute: "poster", tag: "video"))
        #expect(!SafeURL.loadsImage(attribute: "src", tag: "iframe"))
        #expect(!SafeURL.loadsImage(attribute: "href", tag: "img"))
    }

    @Test("srcset: every candidate is checked, data: URLs with commas included")
    func sourceSets() {
        #expect(SafeURL.allows("/a.png 1x, /b.png 2x", attribute: "srcset", imageData: true))
        #expect(SafeURL.allows("data:image/png;base64,AA,AA 1x,/b.png 2x", attribute: "srcset", imageData: true))
        #expect(SafeURL.allows("/a.png,/b.png", attribute: "srcset", imageData: false))
        #expect(!SafeURL.allows("/a.png 1x, javascript:alert(1) 2x", attribute: "srcset", imageData: true))
        #expect(!SafeURL.allows("/a.png 480w,data:text/html,x 800w", attribute: "srcset", imageData: true))
        #expect(SafeURL.isURLAttribute("formaction") && SafeURL.isURLAttribute("xlink:href") && !SafeURL.isURLAttribute("title"))
    }

    @Test("srcset: only ASCII whitespace separates a URL, as browsers split it")
    func sourceSetSeparators() {
        // Found by the escaping fuzz target: a browser's URL is "\0…\u{0B}javascript:…", its leading controls dropped.
        #expect(!SafeURL.allows("\0\0\u{0B}javascript:alert(1)", attribute: "srcset", imageData: true))
        #expect(!SafeURL.allows("/a.png 1x,\u{0B}javascript:alert(1) 2x", attribute: "srcset", imageData: true))
        #expect(SafeURL.allows("/a.png\u{0B}1x, /b.png 2x", attribute: "srcset", imageData: true))
    }

    @Test("srcset: a descriptor's parentheses hold commas, and the candidate after them is checked")
    func sourceSetDescriptorParentheses() {
        // Found by the escaping fuzz target: browsers read "(,,1q)" as one descriptor token, so the candidate
        // after it is "vbscript:", where splitting at the first comma made "1q),,vbscript:" one relative URL.
        #expect(!SafeURL.allows("a\n(,,,1q),,,,vbscript:", attribute: "srcset", imageData: true))
        #expect(!SafeURL.allows("/a.png 1x (w, h), javascript:alert(1) 2x", attribute: "srcset", imageData: true))
        #expect(SafeURL.allows("/a.png 1x (w, h), /b.png 2x", attribute: "srcset", imageData: true))
    }

    @Test("a Link to a javascript: URL renders inert, with one warning naming the view, however often it renders")
    func link() async throws {
        let log = LogRecorder()
        let session = LiveSession(changeLog: log.changeLog) { Links(destination: "javascript:alert(document.cookie)") }
        let html = await session.html()
        #expect(html.contains("href=\"about:blank#blocked\""))
        #expect(!html.contains("javascript:"))
        _ = try await session.send(.click("bump"))
        _ = try await session.send(.click("bump"))
        let warnings = log.all.filter { $0.hasPrefix("LiveUI warning:") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("Link<Text>") == true)
        #expect(warnings.first?.contains("javascript:alert(document.cookie)") == true)
        await session.close()
    }

    @Test("a Link to an https, mailto, tel or relative URL renders as given, without a warning")
    func safeLinks() async {
        let log = LogRecorder()
        for url in ["https://example.com/a?b=1", "mailto:team@example.com", "tel:+15551234", "/items/7"] {
            let session = LiveSession(changeLog: log.changeLog) { Links(destination: url) }
            #expect(await session.html().contains("href=\"\(url)\""), "\(url)")
            await session.close()
        }
        #expect(log.all.isEmpty)
    }

    @Test(".htmlAttribute URLs: unsafe ones blocked with a warning each, data: images kept on images only")
    func attributes() async {
        // The catalog is the process's, and another suite makes it list its images: these names are in it.
        AssetCatalog.update { catalog in
            for name in ["logo.png", "bad.png", "x.png"] { catalog.images = (catalog.images ?? [:]).merging([name: "/public/images/" + name]) { $1 } }
        }
        let log = LogRecorder()
        let session = LiveSession(changeLog: log.changeLog) { Attributes() }
        let html = await session.html()
        #expect(!html.lowercased().contains("javascript:alert") && !html.contains("vbscript") && !html.contains("svg+xml"))
        #expect(html.components(separatedBy: "about:blank#blocked").count - 1 == 6)
        #expect(html.contains("src=\"data:image/png;base64,iVBORw0KGgo=\""))
        #expect(html.contains("srcset=\"data:image/webp;base64,AAAA 1x, /public/images/b.png 2x\""))
        #expect(html.contains("action=\"about:blank#blocked\""))
        #expect(html.contains("title=\"javascript:not-a-url\""))
        #expect(html.contains("href=\"/relative?q=1\""))
        let warnings = log.all.filter { $0.hasPrefix("LiveUI warning:") }
        #expect(warnings.count == 6)
        #expect(warnings.contains { $0.contains("Text") && $0.contains("formaction") })
        #expect(warnings.contains { $0.contains("Image") && $0.contains("src") && $0.contains("svg+xml") })
        await session.close()
    }
}
