-- Releases a conversation's lock only when its mailbox is empty (or when forced), so a message
-- pushed while the lock was held is always seen by the holder.
-- KEYS[1] the lock, KEYS[2] the mailbox, KEYS[3] the set of waiting mailboxes.
-- ARGV[1] the token, ARGV[2] the conversation id, ARGV[3] '1' to release even with messages
-- left (the sweeper then hands them to another worker), ARGV[4] the sweeper score (ms).
-- Returns 0 when released, the messages left when kept, -1 when the lock was lost.
if redis.call('get', KEYS[1]) ~= ARGV[1] then return -1 end
local n = redis.call('llen', KEYS[2])
if n > 0 and ARGV[3] ~= '1' then return n end
redis.call('del', KEYS[1])
if n == 0 then redis.call('zrem', KEYS[3], ARGV[2]) else redis.call('zadd', KEYS[3], 'XX', ARGV[4], ARGV[2]) end
return 0
