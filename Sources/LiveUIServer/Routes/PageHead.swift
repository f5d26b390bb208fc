/// Everything a page's `<head>` holds but its token and route, built once at start-up: the default title,
/// the viewport, LiveUI's client (versioned URLs) and the app's ``HeadElement``s.
struct PageHead: Sendable {
    /// The title of pages whose views set none.
    let title: String
    /// The `<meta name="viewport">` element: LiveUI's, or the app's when it gives one.
    let viewport: String
    /// LiveUI's stylesheet (`<link>`), then its ES modules to fetch in parallel (`modulepreload`: the browser
    /// would find them only once `liveui.js` arrived), then the app's elements, one a line.
    let links: String
    /// The client's entry module, versioned: `/public/<version>/liveui.js`.
    let scriptURL: String
    /// What the start-up log should say about the app's elements (unsafe or blocked URLs).
    let problems: [String]

    /// The head for `elements` and the client `client`.
    init(_ elements: [HeadElement] = [], client: ClientAssets = .embedded) {
        var title = "LiveUI"
        var viewport = #"<meta name="viewport" content="width=device-width, initial-scale=1">"#
        var links = #"<link rel="stylesheet" href="\#(client.prefix)liveui.css">"# + "\n"
        for name in client.files.keys.sorted() where name.hasSuffix(".js") && name != "liveui.js" {
            links += #"<link rel="modulepreload" href="\#(client.prefix)\#(name)">"# + "\n"
        }
        for element in elements {
            switch element.kind {
            case .title(let text): title = text
            case .meta("name", let name, _) where name.lowercased() == "viewport": viewport = element.description
            default: links += element.description + "\n"
            }
        }
        self.title = title
        self.viewport = viewport
        self.links = links
        scriptURL = client.prefix + "liveui.js"
        problems = elements.compactMap(\.problem)
    }
}
