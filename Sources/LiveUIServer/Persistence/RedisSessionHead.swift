import Synchronization

/// What every commit of one session to a ``RedisStateStore`` sends the same way, encoded once for the session
/// (``RedisStateStore/head(session:token:browser:)``): its hash's and its lease's key, and its token and browser
/// as the fields they are written to; and until when the store last set the hash's TTL, kept here rather
/// than looked up by id for every commit.
package final class RedisSessionHead: Sendable {
    /// The session's id.
    let session: String
    /// The hash's key, as one encoded argument (``RESPCommand``).
    let hashKey: [UInt8]
    /// The lease's key, as one encoded argument.
    let leaseKey: [UInt8]
    /// The field/value pairs every commit writes (`t` token, `b` browser), encoded, and how many pairs.
    let identity: [UInt8]
    let identityPairs: Int
    /// The bit pattern of the monotonic time (seconds) before which the hash does not expire, from the last
    /// commit of this store that set its TTL for this session; −∞ before one did.
    private let ttlSetUntilBits = Atomic<UInt64>((-Double.infinity).bitPattern)

    init(session: String, prefix: String, token: String, browser: String?) {
        self.session = session
        var key = RESPCommand(capacity: 64)
        key.append(prefix + "s:", session)
        hashKey = key.arguments
        var lease = RESPCommand(capacity: 64)
        lease.append(prefix + "l:", session)
        leaseKey = lease.arguments
        var identity = RESPCommand(capacity: 128)
        identity.append("t")
        identity.append(token)
        if let browser {
            identity.append("b")
            identity.append(browser)
        }
        self.identity = identity.arguments
        identityPairs = browser == nil ? 1 : 2
    }

    /// Until when (monotonic seconds) the hash lives at least, as far as this store set its TTL.
    var ttlSetUntil: Double {
        get { Double(bitPattern: ttlSetUntilBits.load(ordering: .relaxed)) }
        set { ttlSetUntilBits.store(newValue.bitPattern, ordering: .relaxed) }
    }
}
