-- Releases a conversation's lock only when its mailbox is empty (or when forced), so a message
-- pushed while the lock was held is always seen by the holder.
-- KEYS[1] the lock, KEYS[2] the mailbox (both in the conversation's hash slot); on one server,
-- KEYS[3] the set of waiting mailboxes.
-- ARGV[1] the token, ARGV[2] '1' to release even with messages left (the sweeper then hands
-- them to another worker); with KEYS[3], ARGV[3] the conversation id, ARGV[4] the sweeper score.
-- Returns {released (1|0), messages in the mailbox}, or {-1, 0} when the lock was lost. On Redis
-- Cluster the set of waiting mailboxes (another slot) is updated by the caller
-- (conversation-store.ts, `release`).
if redis.call('get', KEYS[1]) ~= ARGV[1] then return {-1, 0} end
local n = redis.call('llen', KEYS[2])
if n > 0 and ARGV[2] ~= '1' then return {0, n} end
redis.call('del', KEYS[1])
if KEYS[3] then
  if n == 0 then redis.call('zrem', KEYS[3], ARGV[3]) else redis.call('zadd', KEYS[3], 'XX', ARGV[4], ARGV[3]) end
end
return {1, n}
