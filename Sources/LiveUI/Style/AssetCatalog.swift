import Foundation

/// The web's stand-in for an asset catalog: the colours `Color("name")` and the images `Image("name")`
/// resolve to. An app declares it once, before serving:
///
/// ```swift
/// AssetCatalog.current = try AssetCatalog(
///     colors: ["Accent": Color(red: 0.1, green: 0.4, blue: 0.9), "Card": Color(css: "light-dark(#fff, #222)")],
///     imageDirectory: "Public/images")          // served at /public/images/
/// ```
///
/// A name the catalog does not hold renders a visible placeholder (magenta for a colour, a dashed box
/// showing the name for an image) and is logged once per process.
public struct AssetCatalog: Sendable {
    /// Named colours.
    public var colors: [String: Color]
    /// Named images: the URL each name is served at. `nil`: the catalog lists no images, and
    /// `Image("name")` is `imageURLPrefix + name`, unchecked.
    public var images: [String: String]?
    /// Where the images of an unchecked catalog are served.
    public var imageURLPrefix: String

    /// A catalog of `colors` and of `images` (name → URL).
    public init(colors: [String: Color] = [:], images: [String: String]? = nil, imageURLPrefix: String = "/public/images/") {
        self.colors = colors
        self.images = images
        self.imageURLPrefix = imageURLPrefix
    }

    /// A catalog of `colors` and of the image files in `imageDirectory`, served under `urlPrefix` (the app's
    /// public directory's `images/` by default). Each file answers to its name with and without its
    /// extension, as an asset catalog's images answer to their names (`"logo"` and `"logo.png"`).
    /// - Throws: the file system's error when the directory cannot be listed.
    public init(colors: [String: Color] = [:], imageDirectory: String, urlPrefix: String = "/public/images/") throws {
        var images: [String: String] = [:]
        let files = try FileManager.default.contentsOfDirectory(atPath: imageDirectory).sorted()
        for file in files where !file.hasPrefix(".") {
            let url = urlPrefix + (file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? file)
            images[file] = url
            let base = (file as NSString).deletingPathExtension
            if images[base] == nil { images[base] = url }
        }
        self.init(colors: colors, images: images, imageURLPrefix: urlPrefix)
    }

    /// The catalog `Color("name")` and `Image("name")` read (empty until the app sets one).
    public static var current: AssetCatalog {
        get { state.withLock { $0.catalog } }
        set { state.withLock { $0.catalog = newValue } }
    }

    /// Changes the catalog in place, under its lock: entries added this way are never lost to another
    /// thread's change made at the same time (as a read of ``current`` followed by a write could be).
    public static func update(_ change: (inout AssetCatalog) -> Void) {
        state.withLock { change(&$0.catalog) }
    }

    /// The CSS of colour `name`, or the placeholder (logged once) when the catalog has none.
    static func color(named name: String) -> String {
        if let color = state.withLock({ $0.catalog.colors[name] }) { return color.cssValue }
        reportMissing("colour", name)
        return missingColor
    }

    /// The URL of image `name`, or `nil` (logged once) when the catalog lists its images and not this one.
    static func imageURL(named name: String) -> String? {
        let catalog = state.withLock { $0.catalog }
        guard let images = catalog.images else {
            return catalog.imageURLPrefix + (name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? name)
        }
        if let url = images[name] { return url }
        reportMissing("image", name)
        return nil
    }

    /// The colour of a name the catalog does not hold: magenta, which no design uses by accident.
    static let missingColor = "#ff00ff"

    /// Writes one line per missing name and kind, for the process's life: to the log of the session whose
    /// view asked, or to standard error outside a session.
    private static func reportMissing(_ kind: String, _ name: String) {
        let first = state.withLock { $0.reported.insert(kind + "\u{0}" + name).inserted }
        guard first else { return }
        let line = "LiveUI warning: no \(kind) named \"\(name)\" in AssetCatalog.current; drawing a placeholder"
        if let log = ThreadContext.current.graph?.changeLog {
            log.write(line)
        } else {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }

    /// Whether a missing `kind` (`"colour"`, `"image"`) called `name` was reported.
    static func wasReported(_ kind: String, _ name: String) -> Bool {
        state.withLock { $0.reported.contains(kind + "\u{0}" + name) }
    }

    private struct State: Sendable {
        var catalog = AssetCatalog()
        var reported: Set<String> = []
    }
    private static let state = Locked(State())
}
