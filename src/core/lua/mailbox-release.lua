-- Releases a conversation's lock only when its mailbox is empty (or when forced), so a message
-- pushed while the lock was held is always seen by the holder.
-- KEYS[1] the lock, KEYS[2] the mailbox (both in the conversation's hash slot).
-- ARGV[1] the token, ARGV[2] '1' to release even with messages left (the sweeper then hands
-- them to another worker).
-- Returns {released (1|0), messages in the mailbox}, or {-1, 0} when the lock was lost. The set
-- of waiting mailboxes (another slot) is updated by the caller (conversation-store.ts, `release`).
if redis.call('get', KEYS[1]) ~= ARGV[1] then return {-1, 0} end
local n = redis.call('llen', KEYS[2])
if n > 0 and ARGV[2] ~= '1' then return {0, n} end
redis.call('del', KEYS[1])
return {1, n}
