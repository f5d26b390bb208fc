import Foundation
import LiveUI

extension HTTPRequest {
    /// The request as views and hooks see it, for the concrete `path` a route matched with `parameters`.
    /// With `readingBody` (endpoints), the body is kept and a form-encoded one's fields are parsed (400 if
    /// malformed); a page's request keeps no body.
    func liveRequest(path: String, parameters: [String: String], readingBody: Bool = false) throws(ServerError) -> Request {
        Request(
            method: method, path: path, parameters: parameters,
            query: Request.Fields(queryItems.map { Request.Fields.Item(name: $0.name, value: $0.value) }),
            headers: Request.Headers(Array(headers)), cookies: cookies, remoteAddress: remoteAddress, body: readingBody ? body : [],
            form: readingBody && mediaType == "application/x-www-form-urlencoded" ? try Self.form(body) : Request.Fields())
    }

    /// `a=1&b=two+words`, percent-decoded, every field in order.
    static func form(_ body: [UInt8]) throws(ServerError) -> Request.Fields {
        guard let text = String(validating: body, as: UTF8.self) else { throw .badRequest("the form body is not UTF-8") }
        var items: [Request.Fields.Item] = []
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), let value = decode(parts.count > 1 ? parts[1] : "") else {
                throw .badRequest("the form body has a malformed percent escape")
            }
            items.append(Request.Fields.Item(name: name, value: value))
        }
        return Request.Fields(items)
    }

    private static func decode(_ s: Substring) -> String? {
        s.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
