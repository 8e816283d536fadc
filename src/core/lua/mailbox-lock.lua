-- Takes a conversation's lock and reads the head of its mailbox in one step.
-- KEYS[1] the lock, KEYS[2] the mailbox; ARGV[1] the token, ARGV[2] the lock TTL (ms).
-- Returns {0} when someone else holds the lock, else {1, head or false}.
if not redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return {0} end
return {1, redis.call('lindex', KEYS[2], 0)}
