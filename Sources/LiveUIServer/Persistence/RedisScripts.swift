/// The Lua scripts the Redis store runs, each atomic on the server. Loaded once per connection
/// (`SCRIPT LOAD`) and called by their digest (`EVALSHA`): a call sends the digest, not the script.
enum RedisScripts {
    /// Writes one session's changes unless a holder is named and does not hold the lease; returns 1 if
    /// written, 0 if refused. KEYS: session hash, lease. ARGV: holder or "", TTL in ms, token, browser or
    /// "", then counted lists: field prefixes to drop, fields to delete, field/value pairs to set.
    static let commit = """
        if ARGV[1] ~= '' and redis.call('GET', KEYS[2]) ~= ARGV[1] then return 0 end
        local h = KEYS[1]
        local i = 5
        local n = tonumber(ARGV[i]); i = i + 1
        if n > 0 then
          local drops = {}
          for j = 1, n do drops[j] = ARGV[i]; i = i + 1 end
          for _, f in ipairs(redis.call('HKEYS', h)) do
            for _, p in ipairs(drops) do
              if string.sub(f, 1, #p) == p then redis.call('HDEL', h, f); break end
            end
          end
        end
        n = tonumber(ARGV[i]); i = i + 1
        for j = 1, n do redis.call('HDEL', h, ARGV[i]); i = i + 1 end
        redis.call('HSET', h, 't', ARGV[3])
        if ARGV[4] ~= '' then redis.call('HSET', h, 'b', ARGV[4]) end
        n = tonumber(ARGV[i]); i = i + 1
        for j = 1, n do redis.call('HSET', h, ARGV[i], ARGV[i + 1]); i = i + 2 end
        redis.call('PEXPIRE', h, ARGV[2])
        return 1
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
