-- Drops the mailbox head (a message that cannot be handled) while the caller holds the lock.
-- KEYS[1] the mailbox, KEYS[2] the lock; ARGV[1] the token. Returns the dropped head or nil.
if redis.call('get', KEYS[2]) == ARGV[1] then return redis.call('lpop', KEYS[1]) else return nil end
