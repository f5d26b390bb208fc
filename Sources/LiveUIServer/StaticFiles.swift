import Foundation

/// Serves `/public/`: LiveUI's client (``ClientAssets``, compiled into the library), then the app's own
/// files from one directory (`publicDirectory`), never anything outside it. The directory is optional: when
/// it does not exist, only the client is served.
struct StaticFiles: Sendable {
    /// The app's directory, resolved (symbolic links included) at start-up.
    let root: URL
    /// LiveUI's client, whose names win over the app's files.
    let client: ClientAssets
    /// Files larger than this are not served (404).
    static let maxFileBytes = 32 * 1024 * 1024

    /// Serves `client`, then `directory` (relative paths are taken from the working directory).
    init(directory: String, client: ClientAssets = .embedded) {
        root = URL(fileURLWithPath: directory).standardizedFileURL.resolvingSymlinksInPath()
        self.client = client
    }

    /// Whether the app's directory exists (a missing one is not an error: the client is served regardless).
    var hasAppDirectory: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The media type for a file name, by extension.
    static func contentType(for name: String) -> String {
        switch (name as NSString).pathExtension.lowercased() {
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "html", "htm": "text/html; charset=utf-8"
        case "json", "map": "application/json"
        case "txt": "text/plain; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "ico": "image/x-icon"
        case "woff2": "font/woff2"
        case "woff": "font/woff"
        case "wasm": "application/wasm"
        default: "application/octet-stream"
        }
    }

    /// Whether an `If-None-Match` value names `etag` (or is `*`), compared weakly as RFC 9110 asks.
    static func matches(_ ifNoneMatch: String, etag: String) -> Bool {
        ifNoneMatch.split(separator: ",").contains { candidate in
            var tag = candidate.trimmingCharacters(in: .whitespaces)[...]
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            return tag == "*" || tag == etag
        }
    }

    /// The file named by `relativePath` (the part after `/public/`), or a 404 error.
    ///
    /// The client's files first (answered from memory); then the app's directory, which refuses empty,
    /// hidden and dot segments, and anything that resolves (through links) outside it.
    func response(for relativePath: String, ifNoneMatch: String?) -> HTTPResponse {
        if let answer = client.response(for: relativePath, ifNoneMatch: ifNoneMatch) { return answer }
        return appResponse(for: relativePath, ifNoneMatch: ifNoneMatch)
    }

    /// The app's file named by `relativePath`, read from disk, or a 404 error.
    func appResponse(for relativePath: String, ifNoneMatch: String?) -> HTTPResponse {
        let segments = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        guard !segments.isEmpty,
            segments.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") && !$0.contains("\\") && !$0.contains("\0") })
        else { return ServerError.notFound("/public/\(relativePath)").response }
        let file = root.appendingPathComponent(relativePath).standardizedFileURL.resolvingSymlinksInPath()
        guard file.path.hasPrefix(root.path + "/"),
            let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
            (attributes[.type] as? FileAttributeType) == .typeRegular,
            let size = (attributes[.size] as? NSNumber)?.intValue, size <= Self.maxFileBytes
        else { return ServerError.notFound("/public/\(relativePath)").response }
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let etag = "\"\(String(size, radix: 16))-\(String(Int(modified * 1000), radix: 16))\""
        let headers: [(name: String, value: String)] = [
            ("Content-Type", Self.contentType(for: file.lastPathComponent)), ("ETag", etag), ("Cache-Control", "no-cache"),
        ]
        if let ifNoneMatch, Self.matches(ifNoneMatch, etag: etag) {
            return HTTPResponse(status: 304, headers: Array(headers.dropFirst()))
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return ServerError.notFound("/public/\(relativePath)").response
        }
        return HTTPResponse(status: 200, headers: headers, body: .bytes(Array(data)))
    }
}
