-- Adds one call to each counter of a time window and returns their counts, in one round trip
-- (a counter is created with the window's TTL; a later call never extends it).
-- KEYS[1..n] the counters; ARGV[1] their TTL (ms). Returns {count 1, ..., count n}.
local counts = {}
for i = 1, #KEYS do
  local n = redis.call('INCR', KEYS[i])
  if n == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[1]) end
  counts[i] = n
end
return counts
