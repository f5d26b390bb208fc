import LiveUI

/// An app's ``Endpoint``: same-origin check for state-changing methods, the handler run off the server's
/// threads (on LiveUI's workers), its ``Response`` checked and sent; a handler that throws answers 500 and is logged.
struct EndpointRoute: Sendable {
    let context: ServerContext

    func handle(
        _ endpoint: EndpointDefinition, _ match: RouteTable.Match, _ request: HTTPRequest,
        respond: @escaping @Sendable (HTTPResponse) -> Void
    ) throws(ServerError) {
        if endpoint.method != .get { try SessionAuth(context: context).requireSameOrigin(request) }
        let live = try request.liveRequest(path: match.path, parameters: match.parameters, readingBody: true)
        let logger = context.logger
        let behindHTTPS = context.configuration.behindHTTPS
        let head = request.method == "HEAD"
        // On LiveUI's workers, not the cooperative pool: a handler that blocks, or an app whose other code
        // holds the pool's threads, still gets its answer out.
        Task(executorPreference: makeWorkerTaskExecutor()) {
            let response: HTTPResponse
            do {
                response = try Self.httpResponse(await endpoint.handler(live), behindHTTPS: behindHTTPS, head: head)
            } catch let error as EndpointFault {
                logger.error("\(endpoint.method.rawValue) \(endpoint.path): \(error.reason)")
                response = ServerError.internalError.response
            } catch {
                logger.error("\(endpoint.method.rawValue) \(endpoint.path) threw: \(error)")
                response = ServerError.internalError.response
            }
            respond(response)
        }
    }

    /// A response an endpoint made that cannot be sent as it is.
    struct EndpointFault: Error {
        let reason: String
    }

    /// `response` as sent: every field and cookie checked (a fault is thrown, not sent), `nosniff` added by
    /// the server, the body left out for `HEAD`.
    static func httpResponse(_ response: Response, behindHTTPS: Bool, head: Bool) throws(EndpointFault) -> HTTPResponse {
        guard (100...599).contains(response.status) else { throw EndpointFault(reason: "status \(response.status) is not an HTTP status") }
        var headers: [(name: String, value: String)] = []
        for field in response.headers {
            guard HeaderCheck.isValidName(field.name), HeaderCheck.isValidValue(field.value) else {
                throw EndpointFault(reason: "header field \(field.name.debugDescription.prefix(100)) cannot be sent")
            }
            headers.append(field)
        }
        for cookie in response.cookies {
            guard let value = cookie.headerValue(behindHTTPS: behindHTTPS) else {
                throw EndpointFault(reason: "cookie \(cookie.name.debugDescription.prefix(100)) has a name, value or path that cannot be sent")
            }
            headers.append(("Set-Cookie", value))
        }
        if !headers.contains(where: { $0.name.lowercased() == "cache-control" }) { headers.append(("Cache-Control", "no-store")) }
        return HTTPResponse(status: response.status, headers: headers, body: .bytes(head ? [] : response.body))
    }
}
