import Foundation
import LiveUI

/// Something an app adds to every page's `<head>`: the default title, an icon, a stylesheet, metadata or a
/// script. Every value is escaped; there is no way to add raw HTML.
///
/// ```swift
/// LiveServer.launch(head: [
///     .title("Team board"),
///     .icon(href: "/public/favicon.svg", type: "image/svg+xml"),
///     .stylesheet(href: "/public/app.css"),
///     .meta(name: "description", content: "Our team's board"),
/// ]) {
///     Route("/") { Board() }
/// }
/// ```
///
/// Pages are served with a Content-Security-Policy that loads scripts, stylesheets and images from the
/// app's own origin only: put the files in the app's `publicDirectory` and refer to them as `/public/…`.
/// The server warns at start-up about an element the policy would block.
public struct HeadElement: Sendable, Equatable, CustomStringConvertible {
    enum Kind: Sendable, Equatable {
        case title(String)
        case link(rel: String, href: String, type: String?, sizes: String?)
        case meta(attribute: String, name: String, content: String)
        case script(src: String, isModule: Bool)
    }

    let kind: Kind

    /// The document title of pages whose views set none with `.navigationTitle` ("LiveUI" without one;
    /// the last one given wins).
    public static func title(_ title: String) -> HeadElement { HeadElement(kind: .title(title)) }

    /// The page's icon: `<link rel="icon" href="…" type="…" sizes="…">`.
    public static func icon(href: String, type: String? = nil, sizes: String? = nil) -> HeadElement {
        HeadElement(kind: .link(rel: "icon", href: href, type: type, sizes: sizes))
    }

    /// A stylesheet loaded after LiveUI's own, so that its rules win: `<link rel="stylesheet" href="…">`.
    public static func stylesheet(href: String) -> HeadElement {
        HeadElement(kind: .link(rel: "stylesheet", href: href, type: nil, sizes: nil))
    }

    /// Any other link: `<link rel="…" href="…" type="…">` (`manifest`, `canonical`, `apple-touch-icon`, …).
    public static func link(rel: String, href: String, type: String? = nil) -> HeadElement {
        HeadElement(kind: .link(rel: rel, href: href, type: type, sizes: nil))
    }

    /// Metadata: `<meta name="…" content="…">`. A `viewport` given here replaces LiveUI's.
    public static func meta(name: String, content: String) -> HeadElement {
        HeadElement(kind: .meta(attribute: "name", name: name, content: content))
    }

    /// Open Graph and similar metadata: `<meta property="…" content="…">`.
    public static func meta(property: String, content: String) -> HeadElement {
        HeadElement(kind: .meta(attribute: "property", name: property, content: content))
    }

    /// A script from the app's origin: `<script type="module" src="…">`, or a classic one that runs after the
    /// page is parsed (`<script src="…" defer>`) when `isModule` is false. Either runs after the page loads,
    /// in the order given, beside LiveUI's client.
    public static func script(src: String, isModule: Bool = true) -> HeadElement {
        HeadElement(kind: .script(src: src, isModule: isModule))
    }

    /// The element's HTML, every value escaped (a `javascript:`, `vbscript:` or `data:` URL written as
    /// `about:blank#blocked`).
    public var description: String {
        var html = ""
        switch kind {
        case .title(let title):
            html = "<title>\(escapedText(title))</title>"
        case .link(let rel, let href, let type, let sizes):
            html = "<link rel=\"\(escapedAttribute(rel))\" href=\"\(escapedAttribute(Self.safe(href)))\""
            if let type { html += " type=\"\(escapedAttribute(type))\"" }
            if let sizes { html += " sizes=\"\(escapedAttribute(sizes))\"" }
            html += ">"
        case .meta(let attribute, let name, let content):
            html = "<meta \(attribute)=\"\(escapedAttribute(name))\" content=\"\(escapedAttribute(content))\">"
        case .script(let src, let isModule):
            let src = escapedAttribute(Self.safe(src))
            html = isModule ? "<script type=\"module\" src=\"\(src)\"></script>" : "<script src=\"\(src)\" defer></script>"
        }
        return html
    }

    private static func safe(_ url: String) -> String { SafeURL.allows(url, imageData: false) ? url : SafeURL.blocked }

    /// The URL the browser loads for this element under the page's Content-Security-Policy, if any.
    var loadedURL: String? {
        switch kind {
        case .link(let rel, let href, _, _):
            let rels = rel.lowercased().split(separator: " ")
            return rels.contains(where: { ["stylesheet", "icon", "preload", "modulepreload", "manifest"].contains($0) }) ? href : nil
        case .script(let src, _): return src
        case .title, .meta: return nil
        }
    }

    /// What is wrong with this element, for the start-up log: an unsafe URL, or one of another origin that
    /// the page's Content-Security-Policy blocks.
    var problem: String? {
        let url: String
        switch kind {
        case .link(_, let href, _, _): url = href
        case .script(let src, _): url = src
        case .title, .meta: return nil
        }
        if !SafeURL.allows(url, imageData: false) { return "\(self): the URL is unsafe and is written as \(SafeURL.blocked)" }
        guard let loaded = loadedURL else { return nil }
        let trimmed = loaded.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        let crossOrigin = trimmed.hasPrefix("//") || trimmed.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil
        return crossOrigin
            ? "\(self): the page's Content-Security-Policy loads only from the app's own origin: serve it under /public/"
            : nil
    }
}
