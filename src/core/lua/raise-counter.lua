-- Raises a counter to a value, never lowers it (replies of a chat done up to a sequence number).
-- KEYS[1] the counter; ARGV[1] the value; ARGV[2] the TTL (s). Returns 1.
local v = tonumber(redis.call('get', KEYS[1]) or '0')
if tonumber(ARGV[1]) > v then redis.call('set', KEYS[1], ARGV[1], 'EX', ARGV[2]) end
return 1
