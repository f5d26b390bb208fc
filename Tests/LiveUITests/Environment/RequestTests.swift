import LiveUI
import Testing

/// Reads everything a page's request offers.
private struct RequestProbe: View {
    @Environment(\.request) private var request
    var body: some View {
        VStack {
            Text("path \(request.path)")
            Text("id \(request.parameters["id"] ?? "-")")
            Text("q \(request.query["q"] ?? "-") all \(request.query.values("q").joined(separator: ","))")
            Text("agent \(request.headers["user-agent"] ?? "-")")
            Text("cookie \(request.cookies["user"] ?? "-")")
            Text("from \(request.remoteAddress)")
        }
    }
}

@Suite("The request in the environment")
struct RequestTests {
    @Test("LiveSession(request:) sets what @Environment(\\.request) reads: path, parameters, query, headers, cookies, address")
    func inProcessRequest() async {
        let request = Request(
            path: "/items/7", parameters: ["id": "7"], query: ["q": "shoes", "page": "2", "q": "boots"],
            headers: ["User-Agent": "probe/1"], cookies: ["user": "ada"], remoteAddress: "10.0.0.1")
        let session = LiveSession(request: request, changeLog: .discard) { RequestProbe() }
        let html = await session.html()
        for expected in ["path /items/7", "id 7", "q shoes all shoes,boots", "agent probe/1", "cookie ada", "from 10.0.0.1"] {
            #expect(html.contains(expected), "missing \(expected) in \(html)")
        }
        await session.close()
    }

    @Test("without a request, views read a neutral GET /")
    func defaultRequest() async {
        let session = LiveSession(changeLog: .discard) { RequestProbe() }
        let html = await session.html()
        #expect(html.contains("path /") && html.contains("id -") && html.contains("agent -"))
        await session.close()
    }

    @Test("header names are looked up case-insensitively; every value of a repeated field is kept in order")
    func headers() {
        let headers = Request.Headers([("X-Thing", "a"), ("x-thing", "b"), ("Accept", "text/html")])
        #expect(headers["x-THING"] == "a")
        #expect(headers.values("X-Thing") == ["a", "b"])
        #expect(headers["Missing"] == nil)
        let fields: Request.Fields = ["a": "1", "b": "2", "a": "3"]
        #expect(fields["a"] == "1" && fields.values("a") == ["1", "3"] && fields.values("z").isEmpty)
    }
}
