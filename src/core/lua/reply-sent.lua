-- A reply went out: its sent mark, and its chat's done counter raised to its sequence number
-- (never lowered), in one round trip.
-- KEYS[1] the reply's sent mark; KEYS[2] the chat's done counter (both under the chat's tag).
-- ARGV[1] the mark's TTL (s); ARGV[2] the reply's sequence number, or '' when it has none;
-- ARGV[3] the counter's TTL (s). Returns 1.
redis.call('set', KEYS[1], '1', 'EX', ARGV[1])
if ARGV[2] ~= '' then
  local v = tonumber(redis.call('get', KEYS[2]) or '0')
  if tonumber(ARGV[2]) > v then redis.call('set', KEYS[2], ARGV[2], 'EX', ARGV[3]) end
end
return 1
