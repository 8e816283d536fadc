-- A reply's place in its chat's order, taken once per reply id: a retried turn queues the same
-- reply again and must get the same place (a second place would stay empty forever and hold the
-- chat's next reply back until the sender gives up waiting for it).
-- KEYS[1] the chat's counter of places taken; KEYS[2] the chat's places by reply id (a hash).
-- ARGV[1] the reply id; ARGV[2] the counter's TTL (s); ARGV[3] how long the places are kept (s).
-- Returns the place.
local kept = redis.call('HGET', KEYS[2], ARGV[1])
if kept then return tonumber(kept) end
local place = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
redis.call('HSET', KEYS[2], ARGV[1], place)
redis.call('EXPIRE', KEYS[2], ARGV[3])
return place
