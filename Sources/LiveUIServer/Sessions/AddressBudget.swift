#if canImport(Glibc)
import Glibc
#endif

/// The new sessions each client address may start: a token bucket per address (`burst` at once, refilled
/// at `rate` per second), so that one address cannot fill the session table while an office behind one
/// address opening hundreds of tabs at once is still served.
///
/// The table is bounded: when it holds `capacity` addresses, those whose bucket has refilled (they carry
/// no information) are dropped, then the least recently charged ones, down to three quarters of
/// `capacity`, so a flood of addresses costs a bounded table and an amortised sort, never unbounded memory.
/// Addresses are keyed as ``key(for:)`` says (an IPv6 client by its /64). Time comes in as `now`
/// (seconds on a monotonic scale): tests drive it without waiting.
final class AddressBudget: Sendable {
    /// Sessions an address may start at once; 0 turns the budget off.
    let burst: Double
    /// Sessions per second refilling an address's bucket.
    let rate: Double
    /// Addresses tracked at most.
    let capacity: Int
    private let table: Locked<[String: TokenBucket]>

    /// A budget of `burst` sessions per address at once, refilled at `rate` per second (0 `burst`: no limit).
    init(burst: Int, rate: Double, capacity: Int = 65_536) {
        self.burst = Double(max(0, burst))
        self.rate = max(rate, 1e-6)
        self.capacity = max(4, capacity)
        table = Locked([:])
    }

    /// Whether the budget limits anything.
    var isEnabled: Bool { burst > 0 }

    /// Addresses tracked now.
    var count: Int { table.withLock { $0.count } }

    /// Takes one session from `address`'s bucket at `now`: nil if it had one, else the whole seconds until
    /// it will have one (at least 1), for `Retry-After`.
    func take(_ address: String, now: Double) -> Int? {
        guard isEnabled else { return nil }
        let key = Self.key(for: address)
        return table.withLock { table -> Int? in
            if table[key] == nil && table.count >= capacity { prune(&table, now: now) }
            var bucket = table[key] ?? TokenBucket(tokens: burst, updated: now)
            defer { table[key] = bucket }
            if bucket.take(now: now, rate: rate, burst: burst) { return nil }
            return max(1, Int(((1 - bucket.tokens) / rate).rounded(.up)))
        }
    }

    /// Drops the buckets that have refilled, then, if the table is still over three quarters full, the
    /// least recently charged buckets down to three quarters.
    private func prune(_ table: inout [String: TokenBucket], now: Double) {
        let (burst, rate) = (burst, rate)
        table = table.filter { $0.value.tokens + max(0, now - $0.value.updated) * rate < burst }
        let keep = capacity * 3 / 4
        guard table.count > keep else { return }
        let newest = table.sorted { $0.value.updated > $1.value.updated }.prefix(keep)
        table = Dictionary(uniqueKeysWithValues: newest.map { ($0.key, $0.value) })
    }

    /// The key an address is charged under: an IPv4 address as it is (also when written IPv4-mapped,
    /// `::ffff:a.b.c.d`), an IPv6 address by its first 64 bits (one host is usually given a whole /64, so
    /// counting its addresses apart would multiply its budget by 2^64), anything else as it is.
    static func key(for address: String) -> String {
        guard address.contains(":") else { return address }
        var bytes = in6_addr()
        guard inet_pton(AF_INET6, address, &bytes) == 1 else { return address }
        let b = withUnsafeBytes(of: bytes) { Array($0) }
        if b[0..<10].allSatisfy({ $0 == 0 }) && b[10] == 0xFF && b[11] == 0xFF {
            return "\(b[12]).\(b[13]).\(b[14]).\(b[15])"
        }
        let hex = "0123456789abcdef".map { $0 }
        var key = ""
        for (i, byte) in b[0..<8].enumerated() {
            if i > 0 && i % 2 == 0 { key += ":" }
            key.append(hex[Int(byte >> 4)])
            key.append(hex[Int(byte & 0xF)])
        }
        return key + "::/64"
    }
}
