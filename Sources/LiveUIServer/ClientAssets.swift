import Foundation

/// LiveUI's client: `liveui.js`, the ES modules it imports and `liveui.css`, compiled into the library from
/// the package's `Public/` folder by the ClientAssetsPlugin (docs/client-assets.md), so that every app
/// serves the client of the library it was built with, whatever its working directory.
///
/// Each file is served at two URLs: `/public/<name>`, revalidated (`no-cache`, a strong ETag from its
/// SHA-256), and `/public/<version>/<name>`, cached for a year as `immutable`. `<version>` is a hash of the
/// whole bundle, so the relative imports of `/public/<version>/liveui.js` (`./patch.js`) resolve under the
/// same prefix, and a deploy that changes any file changes every URL the page loads.
struct ClientAssets: Sendable {
    /// One file of the client.
    struct File: Sendable {
        let bytes: [UInt8]
        let contentType: String
        /// A strong validator: the file's SHA-256, quoted.
        let etag: String
    }

    /// The bundle's version: 16 hexadecimal digits.
    let version: String
    /// The files by name (`liveui.js`).
    let files: [String: File]

    /// The client compiled into this library.
    static let embedded = ClientAssets(version: embeddedVersion, embedded: embeddedFiles)

    init(version: String, embedded: [(name: String, digest: String, base64: String)]) {
        self.version = version
        var byName: [String: File] = [:]
        for file in embedded {
            // Written by EmbedClientAssets from the files' bytes: a literal that does not decode is a broken build.
            guard let data = Data(base64Encoded: file.base64) else { preconditionFailure("\(file.name): embedded base64 is corrupt") }
            byName[file.name] = File(
                bytes: [UInt8](data), contentType: StaticFiles.contentType(for: file.name), etag: "\"\(file.digest.prefix(32))\"")
        }
        self.files = byName
    }

    /// `/public/<version>/`: where the page loads the client from.
    var prefix: String { "/public/\(version)/" }

    /// The long-lived caching of a versioned URL: the file at it never changes.
    static let immutable = "public, max-age=31536000, immutable"

    /// The answer for `relativePath` (the part after `/public/`) when it names a client file, else nil.
    ///
    /// `<name>` and `<version>/<name>` are the client's and win over the app's own files. A versioned URL of
    /// another bundle (a page rendered by an older deploy) gets this bundle's file, revalidated, never
    /// cached as immutable: better than a 404 that leaves the page dead.
    func response(for relativePath: String, ifNoneMatch: String?) -> HTTPResponse? {
        let segments = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        let file: File
        let caching: String
        switch segments.count {
        case 1:
            guard let found = files[String(segments[0])] else { return nil }
            (file, caching) = (found, "no-cache")
        case 2 where segments[0] == version:
            guard let found = files[String(segments[1])] else { return ServerError.notFound("/public/\(relativePath)").response }
            (file, caching) = (found, Self.immutable)
        case 2 where Self.isVersion(segments[0]):
            guard let found = files[String(segments[1])] else { return nil }
            (file, caching) = (found, "no-cache")
        default:
            return nil
        }
        let headers: [(name: String, value: String)] = [
            ("Content-Type", file.contentType), ("ETag", file.etag), ("Cache-Control", caching),
        ]
        if let ifNoneMatch, StaticFiles.matches(ifNoneMatch, etag: file.etag) {
            return HTTPResponse(status: 304, headers: Array(headers.dropFirst()))
        }
        return HTTPResponse(status: 200, headers: headers, body: .bytes(file.bytes))
    }

    /// Whether `segment` is spelled as a bundle version: 16 lowercase hexadecimal digits.
    static func isVersion(_ segment: Substring) -> Bool {
        segment.utf8.count == 16 && segment.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}
