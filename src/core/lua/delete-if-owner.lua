-- Deletes a lock, lease or in-flight marker only if the caller still owns it, so a holder whose
-- TTL ran out cannot remove the next holder's key.
-- KEYS[1] the key; ARGV[1] the owner's token. Returns 1 when deleted, else 0.
if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end
return redis.call('del', KEYS[1])
