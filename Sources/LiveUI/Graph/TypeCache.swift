/// A process-wide cache of objects worked out once per type (type information, plans), shared by every
/// session. Lookups go through the current thread's small table first (``TypeCacheTable``),
/// so that sessions running on different threads do not contend for the cache's lock or hash a key.
///
/// A cache lives as long as the process (``everyCache`` keeps it, even when its last other reference
/// goes): threads' tables name it by its address, which no later cache may take.
final class TypeCache<Value: AnyObject & Sendable>: Sendable {
    private let shared = Locked<[ObjectIdentifier: Value]>([:])

    init() { everyCache.withLock { $0.append(self) } }

    /// The object for `type`, made by `make` on first use (by the first thread to finish, if several
    /// race). The object lives as long as the process.
    func value(for type: Any.Type, make: () -> Value) -> Value {
        let key = TypeCacheKey(type: ObjectIdentifier(type), cache: ObjectIdentifier(self))
        if let cached = ThreadContext.withCurrent({ $0.typeCaches.object(for: key) }) {
            return unsafeDowncast(cached, to: Value.self)
        }
        let id = ObjectIdentifier(type)
        let value: Value
        if let existing = shared.withLock({ $0[id] }) {
            value = existing
        } else {
            let made = make()
            value = shared.withLock { cache in
                if let existing = cache[id] { return existing }
                cache[id] = made
                return made
            }
        }
        ThreadContext.withCurrent { $0.typeCaches.store(value, for: key) }
        return value
    }
}

/// Every type cache made: kept for the life of the process (see ``TypeCache``).
private let everyCache = Locked<[AnyObject]>([])

/// A key of the per-thread tables in front of the type caches: the type and the cache.
struct TypeCacheKey: Equatable {
    let type: ObjectIdentifier
    let cache: ObjectIdentifier

    /// A slot in a direct-mapped table of `size` (a power of two) entries.
    func slot(in size: Int) -> Int {
        let bits = UInt(bitPattern: type) ^ (UInt(bitPattern: cache) >> 4)
        return Int(truncatingIfNeeded: (bits >> 3) ^ (bits >> 12)) & (size - 1)
    }
}

/// A thread's table in front of the type caches: the objects it last found, by key, direct-mapped, so
/// that the graph's per-type lookups take neither a cache's lock (which every session's worker would
/// contend for) nor a hash. Only its own thread touches it (no run-time exclusivity checks).
final class TypeCacheTable {
    /// Empty until the thread first stores something (threads that run no graph work need none).
    // make bench, unchecked exclusivity: ≈ −160 instructions per counter click (0.7 %).
    @exclusivity(unchecked) private var entries: [(key: TypeCacheKey, object: AnyObject)?] = []
    private static let size = 512

    /// The object stored for `key`, if it has not been replaced since.
    func object(for key: TypeCacheKey) -> AnyObject? {
        guard !entries.isEmpty, let entry = entries[key.slot(in: Self.size)], entry.key == key else { return nil }
        return entry.object
    }

    /// Keeps `object` for `key`.
    func store(_ object: AnyObject, for key: TypeCacheKey) {
        if entries.isEmpty { entries = Array(repeating: nil, count: Self.size) }
        entries[key.slot(in: Self.size)] = (key, object)
    }
}
