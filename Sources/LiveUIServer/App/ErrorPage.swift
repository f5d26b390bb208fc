import LiveUI

/// The HTML pages the server answers app paths with when there is no page to show: a short heading, a
/// sentence and a link to `/` in the page's `<main>` landmark, with the pages' security headers.
enum ErrorPage {
    /// A page for `status`, titled `title`, saying `message` (escaped here).
    static func response(status: Int, title: String, message: String) -> HTTPResponse {
        document(status: status, title: title, body: "<main>\n<h1>\(escapedText(title))</h1>\n<p>\(escapedText(message))</p>\n<p><a href=\"/\">Go to the home page</a></p>\n</main>")
    }

    /// `error` as a page: its status and its client-safe message.
    static func response(for error: ServerError) -> HTTPResponse {
        response(status: error.status, title: title(error.status), message: error.message)
    }

    /// A complete document around `body` (HTML, already escaped) with `status`.
    static func document(status: Int, title: String, body: String) -> HTTPResponse {
        let html = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escapedText(title))</title>
            <link rel="stylesheet" href="/public/liveui.css">
            </head>
            <body>
            \(body)
            </body>
            </html>

            """
        var response = HTTPResponse.text(html, status: status, contentType: "text/html; charset=utf-8")
        response.headers += PageRoute.securityHeaders.filter { $0.name != "Vary" }
        return response
    }

    /// The reason phrase shown as a title.
    static func title(_ status: Int) -> String {
        switch status {
        case 400: "Bad request"
        case 403: "Not allowed"
        case 404: "Page not found"
        case 405: "Method not allowed"
        case 500: "Something went wrong"
        case 503: "Unavailable"
        default: "Error \(status)"
        }
    }
}

/// Unknown app paths: the app's ``NotFound`` view rendered once for this request (no session is made),
/// or a plain page with a link home; `404` either way.
struct NotFoundPage: Sendable {
    let context: ServerContext

    /// Answers `request` with the not-found page; `rendering` is false for methods other than `GET` and
    /// `HEAD`, which get the plain page without running the app's view.
    func respond(_ request: HTTPRequest, rendering: Bool, respond: @escaping @Sendable (HTTPResponse) -> Void) {
        let path = request.path.count > 200 ? String(request.path.prefix(200)) + "…" : request.path
        guard rendering, let make = context.notFound else {
            respond(ErrorPage.response(status: 404, title: ErrorPage.title(404), message: "Nothing is here at \(path)."))
            return
        }
        let live = (try? request.liveRequest(path: request.path, parameters: [:])) ?? Request(path: request.path)
        let session = make(live)
        session.html { html in
            respond(ErrorPage.document(status: 404, title: ErrorPage.title(404), body: "<main id=\"liveui-root\">\(html)</main>"))
            session.close {}
        }
    }
}
