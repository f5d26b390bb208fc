import Synchronization

/// The open connections, in all and per client address, counted as libmicrohttpd opens and closes them, so
/// that the first request of a connection over a limit is answered (429 per address, 503 in all) instead of
/// libmicrohttpd closing the socket without a word. libmicrohttpd's own limits sit above these
/// (``hardPerAddress``, ``hardTotal``) as the last line.
final class ConnectionLimits: Sendable {
    /// Connections one address may have open; 0 = no limit.
    let perAddress: Int
    /// Connections open at once.
    let total: Int
    private let open = Atomic<Int>(0)
    private let byAddress = Locked<[String: Int]>([:])

    init(perAddress: Int, total: Int) {
        self.perAddress = max(0, perAddress)
        self.total = max(1, total)
    }

    /// libmicrohttpd's per-address limit: a quarter above ``perAddress`` (room for the connections being
    /// answered 429 and closed); 0 when there is no per-address limit.
    var hardPerAddress: Int { perAddress == 0 ? 0 : perAddress + max(16, perAddress / 4) }

    /// libmicrohttpd's connection limit: a sixteenth (at least 64) above ``total``.
    var hardTotal: Int { total + max(64, total / 16) }

    /// Why a connection may not be served.
    enum Refusal: Sendable, Equatable {
        /// Its address has ``perAddress`` connections open besides it.
        case address
        /// ``total`` connections are open besides it.
        case total
    }

    /// Counts a connection from `address` opening; nil if it is within the limits, else which one it is over
    /// (it is counted all the same: ``closed(_:)`` is called for every connection).
    func opened(_ address: String) -> Refusal? {
        let all = open.add(1, ordering: .relaxed).newValue
        var refusal: Refusal? = all > total ? .total : nil
        guard perAddress > 0 else { return refusal }
        let key = AddressBudget.key(for: address)
        let count = byAddress.withLock { counts -> Int in
            let count = (counts[key] ?? 0) + 1
            counts[key] = count
            return count
        }
        if count > perAddress { refusal = .address }
        return refusal
    }

    /// Counts a connection from `address` closing.
    func closed(_ address: String) {
        open.subtract(1, ordering: .relaxed)
        guard perAddress > 0 else { return }
        let key = AddressBudget.key(for: address)
        byAddress.withLock { counts in
            guard let count = counts[key] else { return }
            counts[key] = count > 1 ? count - 1 : nil
        }
    }

    /// Connections open now, in all.
    var openCount: Int { open.load(ordering: .relaxed) }

    /// Connections open now from `address`.
    func openCount(from address: String) -> Int { byAddress.withLock { $0[AddressBudget.key(for: address)] ?? 0 } }
}
