-- Ends the handling of the mailbox head: pops it and saves the conversation state (and the
-- pending confirmation) in one step, so a crash re-handles at most the head message.
-- KEYS (all in the conversation's hash slot): [1] mailbox, [2] conversation state,
--       [3] pending confirmation, [4] lock; on one server, [5] the set of waiting mailboxes.
-- ARGV: [1] the head message id, [2] the lock token, [3] state JSON, [4] state TTL (s),
--       [5] 'del' | 'set' | 'keep' the pending confirmation, [6] its JSON, [7] its TTL (s),
--       [8] lock TTL (ms) while messages are left; with KEYS[5], [9] the conversation id and
--       [10] the sweeper score (ms).
-- Returns the messages left (0: the lock is released too), -1 when the lock was lost, -2 when
-- the head is another message. On Redis Cluster the set of waiting mailboxes (another slot) is
-- updated by the caller afterwards (conversation-store.ts, `commit`).
if redis.call('get', KEYS[4]) ~= ARGV[2] then return -1 end
local head = redis.call('lindex', KEYS[1], 0)
if not head or cjson.decode(head).id ~= ARGV[1] then return -2 end
redis.call('lpop', KEYS[1])
redis.call('set', KEYS[2], ARGV[3], 'EX', ARGV[4])
if ARGV[5] == 'del' then redis.call('del', KEYS[3])
elseif ARGV[5] == 'set' then redis.call('set', KEYS[3], ARGV[6], 'EX', ARGV[7]) end
local left = redis.call('llen', KEYS[1])
if left > 0 then
  redis.call('pexpire', KEYS[4], ARGV[8])
  if KEYS[5] then redis.call('zadd', KEYS[5], 'XX', ARGV[10], ARGV[9]) end
else
  redis.call('del', KEYS[4])
  if KEYS[5] then redis.call('zrem', KEYS[5], ARGV[9]) end
end
return left
