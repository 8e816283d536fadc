-- Extends a lock or lease only while the caller still owns it.
-- KEYS[1] the lock key; ARGV[1] the owner's token; ARGV[2] the new TTL in ms.
-- Returns 1 when renewed, 0 when the key is gone or owned by someone else.
if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end
return redis.call('pexpire', KEYS[1], ARGV[2])
