import Foundation

/// Serves files from one directory under `/public/`, never anything outside it.
struct StaticFiles: Sendable {
    /// The directory, resolved (symbolic links included) at start-up.
    let root: URL
    /// Files larger than this are not served (404).
    static let maxFileBytes = 32 * 1024 * 1024

    /// Serves `directory` (relative paths are taken from the working directory).
    init(directory: String) {
        root = URL(fileURLWithPath: directory).standardizedFileURL.resolvingSymlinksInPath()
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

    /// The file named by `relativePath` (the part after `/public/`), or a 404 error.
    ///
    /// Refuses empty, hidden and dot segments, and anything that resolves (through links) outside `root`.
    func response(for relativePath: String, ifNoneMatch: String?) -> HTTPResponse {
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
        if let ifNoneMatch, ifNoneMatch.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag }) {
            return HTTPResponse(status: 304, headers: Array(headers.dropFirst()))
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return ServerError.notFound("/public/\(relativePath)").response
        }
        return HTTPResponse(status: 200, headers: headers, body: .bytes(Array(data)))
    }
}
