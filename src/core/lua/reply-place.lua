-- A reply's place in its chat's order, taken once per reply id: a retried turn queues the same
-- reply again and must get the same place (a second place would stay empty forever and hold the
-- chat's next reply back until the sender gives up waiting for it).
-- KEYS[1] the chat's counter of places taken; KEYS[2] the chat's recent places (a sorted set:
-- reply id scored by its place). ARGV[1] the reply id; ARGV[2] the counter's TTL (s); ARGV[3] how
-- long the places are kept after the chat's last reply (s); ARGV[4] how many recent places are
-- kept (a busy chat's set stays this small however long it never goes quiet).
-- Returns the place.
local kept = redis.call('ZSCORE', KEYS[2], ARGV[1])
if kept then return tonumber(kept) end
local place = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
redis.call('ZADD', KEYS[2], place, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', place - tonumber(ARGV[4]))
redis.call('EXPIRE', KEYS[2], ARGV[3])
return place
