/// The Lua scripts the Redis store runs, each atomic on the server. Loaded once per connection
/// (`SCRIPT LOAD`) and called by their digest (`EVALSHA`): a call sends the digest, not the script.
enum RedisScripts {
    /// Writes a batch: every session's changes (each unless a holder is named and does not hold its lease)
    /// and every browser's app storage, atomically. KEYS: every session's hash, then every session's lease,
    /// then every browser's app-storage hash. ARGV: holder or "", session TTL in ms, app-storage TTL in ms,
    /// the number of sessions; then per session a header and three lists: field prefixes to drop, fields to
    /// delete, field/value pairs to set (the token and browser among them); then per browser fields to delete
    /// and pairs to set. A header is the number of pairs when the session only sets fields (a click), else `+`,
    /// whether to set its TTL ("1" or ""), and the three lists' lengths. Returns one character per session:
    /// "1" written, "0" refused, "2" written by a header of pairs alone that added fields (the hash may have been
    /// made afresh: the caller sends the token with the next commit).
    ///
    /// The leases are read with one `MGET`, and a session's fields set with one `HSET`: each call from a
    /// script costs Redis more than the command itself, and each argument a string made in Lua, so a click
    /// sends its header and its pairs alone. A session's TTL is set when the caller asks (its last setting
    /// lags) or when the `HSET` added a field: a hash made afresh (expired, deleted) always gets its TTL.
    /// Redis decides before a script's first write whether it may write (`maxmemory`): a batch refused for
    /// memory fails at its first write and has written nothing.
    static let commit = """
        local holder, ttl, appttl = ARGV[1], ARGV[2], ARGV[3]
        local sessions = tonumber(ARGV[4])
        local i = 5
        local done = {}
        local leases
        if holder ~= '' and sessions > 0 then leases = redis.call('MGET', unpack(KEYS, sessions + 1, 2 * sessions)) end
        local function set(h, n)
          local added, j = 0, 0
          while j < n do
            local m = math.min(n - j, 500)
            added = added + redis.call('HSET', h, unpack(ARGV, i + 2 * j, i + 2 * (j + m) - 1))
            j = j + m
          end
          return added
        end
        local function remove(h, n)
          local j = 0
          while j < n do
            local m = math.min(n - j, 1000)
            redis.call('HDEL', h, unpack(ARGV, i + j, i + j + m - 1))
            j = j + m
          end
        end
        for s = 1, sessions do
          local h = KEYS[s]
          local ok = holder == '' or leases[s] == holder
          local n = tonumber(ARGV[i])
          local mark = ok and '1' or '0'
          if n then
            i = i + 1
            if ok and n > 0 then
              local added = n <= 500 and redis.call('HSET', h, unpack(ARGV, i, i + 2 * n - 1)) or set(h, n)
              if added > 0 then
                redis.call('PEXPIRE', h, ttl)
                mark = '2'
              end
            end
            i = i + 2 * n
          else
            local refresh = ARGV[i + 1] ~= ''
            local d, r = tonumber(ARGV[i + 2]), tonumber(ARGV[i + 3])
            n = tonumber(ARGV[i + 4])
            i = i + 5
            if ok and d > 0 then
              local fields = redis.call('HKEYS', h)
              for j = i, i + d - 1 do
                local p = ARGV[j]
                for _, f in ipairs(fields) do
                  if string.sub(f, 1, #p) == p then redis.call('HDEL', h, f) end
                end
              end
            end
            i = i + d
            if ok and r > 0 then remove(h, r) end
            i = i + r
            if ok then
              if set(h, n) > 0 or refresh then redis.call('PEXPIRE', h, ttl) end
            end
            i = i + 2 * n
          end
          done[s] = mark
        end
        for k = 2 * sessions + 1, #KEYS do
          local h = KEYS[k]
          local n = tonumber(ARGV[i]); i = i + 1
          if n > 0 then remove(h, n) end
          i = i + n
          n = tonumber(ARGV[i]); i = i + 1
          set(h, n)
          i = i + 2 * n
          redis.call('PEXPIRE', h, appttl)
        end
        return table.concat(done)
        """

    /// Takes a lease. KEYS: lease, the holder's set of sessions. ARGV: holder, TTL in ms, session id.
    /// Returns {1} when granted, {0, holder, ms left} when another holds it.
    static let acquire = """
        local cur = redis.call('GET', KEYS[1])
        if cur and cur ~= ARGV[1] then return {0, cur, redis.call('PTTL', KEYS[1])} end
        redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
        redis.call('SADD', KEYS[2], ARGV[3])
        if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[2], ARGV[2]) end
        return {1}
        """

    /// Extends a lease its holder holds. KEYS: lease, the holder's set. ARGV: holder, TTL in ms. Returns 1
    /// or 0 (not held).
    static let renew = """
        if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
        redis.call('PEXPIRE', KEYS[1], ARGV[2])
        if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[2], ARGV[2]) end
        return 1
        """

    /// Gives a lease up if its holder holds it. KEYS: lease, the holder's set. ARGV: holder, session id.
    static let release = """
        if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
        redis.call('SREM', KEYS[2], ARGV[2])
        return 1
        """

    /// Gives up every lease of a holder. KEYS: the holder's set. ARGV: lease key prefix, holder. Returns
    /// how many were released. (Lease keys are built in the script: standalone Redis, not Cluster.)
    static let releaseAll = """
        local n = 0
        for _, s in ipairs(redis.call('SMEMBERS', KEYS[1])) do
          local k = ARGV[1] .. s
          if redis.call('GET', k) == ARGV[2] then redis.call('DEL', k); n = n + 1 end
        end
        redis.call('DEL', KEYS[1])
        return n
        """

    /// Every script, in the order their digests are kept.
    static let all = [commit, acquire, renew, release, releaseAll]
}
