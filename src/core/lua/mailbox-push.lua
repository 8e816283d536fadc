-- Appends an inbound message to its conversation's mailbox, once per platform message id.
-- KEYS[1] dedupe marker, KEYS[2] the mailbox list (both in the conversation's hash slot);
-- on one server, KEYS[3] the set of waiting mailboxes.
-- ARGV[1] dedupe TTL (s), ARGV[2] the message JSON; with KEYS[3], ARGV[3] the conversation id
-- and ARGV[4] the score (ms) the sweeper reads: when the oldest message was pushed.
-- Returns 1 when appended, 0 for a platform duplicate.
-- On Redis Cluster the set is another slot: the caller marks the conversation there before this
-- runs (conversation-store.ts, `push`).
if redis.call('set', KEYS[1], '1', 'EX', ARGV[1], 'NX') == false then return 0 end
redis.call('rpush', KEYS[2], ARGV[2])
if KEYS[3] then redis.call('zadd', KEYS[3], 'NX', ARGV[4], ARGV[3]) end
return 1
