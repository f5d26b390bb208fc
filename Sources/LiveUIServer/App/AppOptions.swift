import LiveUI

/// What an application adds to its routes: the `authorize` hook and the objects every page's environment
/// holds.
struct AppOptions: Sendable {
    /// What every page's `<head>` holds besides LiveUI's own elements (``HeadElement``).
    var head: [HeadElement] = []
    /// Decides who may open a page or a session (``Authorization``); nil allows everyone.
    var authorize: (@Sendable (Request) throws -> Authorization)?
    /// Objects shared by every session (one board, one chat room).
    var sharedObjects: [any AnyObject & Sendable] = []
    /// Makes the objects of one session, shared by its pages (a cart); called once per session.
    var sessionObjects: (@Sendable () -> [any AnyObject & Sendable])?

    init(
        head: [HeadElement] = [], authorize: (@Sendable (Request) throws -> Authorization)? = nil,
        sharedObjects: [any AnyObject & Sendable] = [], sessionObjects: (@Sendable () -> [any AnyObject & Sendable])? = nil
    ) {
        self.head = head
        self.authorize = authorize
        self.sharedObjects = sharedObjects
        self.sessionObjects = sessionObjects
    }
}

/// What the `authorize` hook granted a request: who it is and what it adds to the page's environment.
struct Grant: Sendable {
    /// The identity the page is opened for; a page opened for another identity is replaced.
    var identity: String?
    /// Writes what the hook handed over into the page's root environment.
    var environment: (@Sendable (inout EnvironmentValues) -> Void)?

    /// Everyone, with nothing added.
    static let everyone = Grant(identity: nil, environment: nil)
}

/// The `authorize` hook's answer for one request.
enum AccessOutcome: Sendable {
    case allowed(Grant)
    case denied
    case redirect(String)
}

extension ServerContext {
    /// Runs the `authorize` hook for `request`; a hook that throws is logged and answers 500.
    func authorize(_ request: Request) throws(ServerError) -> AccessOutcome {
        guard let hook = app.authorize else { return .allowed(.everyone) }
        do {
            switch try hook(request).decision {
            case .allow(let identity, let environment): return .allowed(Grant(identity: identity, environment: environment))
            case .deny: return .denied
            case .redirect(let location):
                guard HeaderCheck.isValidValue(location) else {
                    logger.error("authorize: the redirect location \(location.debugDescription.prefix(200)) cannot be sent")
                    throw ServerError.internalError
                }
                return .redirect(location)
            }
        } catch let error as ServerError {
            throw error
        } catch {
            logger.error("authorize threw for \(request.method) \(request.path.prefix(200)): \(error)")
            throw .internalError
        }
    }

    /// Like ``authorize(_:)``, for the API: a refusal is the `forbidden` error.
    func requireAccess(_ request: Request) throws(ServerError) -> Grant {
        switch try authorize(request) {
        case .allowed(let grant): return grant
        case .denied: throw .forbidden(location: nil)
        case .redirect(let location): throw .forbidden(location: location)
        }
    }

    /// Writes a new page's root environment: the request, the shared objects, the session's objects, then
    /// what the hook granted (last, so it may replace any of them).
    func pageEnvironment(request: Request, session: ServerSession, grant: Grant) -> (inout EnvironmentValues) -> Void {
        let shared = app.sharedObjects
        let own = session.objects(make: app.sessionObjects)
        return { environment in
            environment.request = request
            for object in shared { environment.insertObject(object) }
            for object in own { environment.insertObject(object) }
            grant.environment?(&environment)
        }
    }
}

/// Checks on header fields an app supplies, before they are sent.
enum HeaderCheck {
    /// Whether `value` can be sent as a field value: no control characters but tab.
    static func isValidValue(_ value: String) -> Bool {
        value.utf8.allSatisfy { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }
    }

    /// Whether `name` is an HTTP token.
    static func isValidName(_ name: String) -> Bool {
        let extras = Set("!#$%&'*+-.^_`|~".utf8)
        return !name.isEmpty
            && name.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || extras.contains($0) }
    }
}
