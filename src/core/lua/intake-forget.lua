-- Forgets a sender in the set of senders with held messages, only if nothing was held for them
-- since the caller read the set: a message held meanwhile raised the sender's counter (raised
-- before it is held), and must be found by the next pass.
-- KEYS[1] the set; ARGV[1] the sender, ARGV[2] the score the caller read. Returns 1 when forgotten.
if redis.call('zscore', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
return redis.call('zrem', KEYS[1], ARGV[1])
