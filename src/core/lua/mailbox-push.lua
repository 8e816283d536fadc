-- Appends an inbound message to its conversation's mailbox, once per platform message id.
-- KEYS[1] dedupe marker, KEYS[2] the mailbox list (both in the conversation's hash slot).
-- ARGV[1] dedupe TTL (s), ARGV[2] the message JSON.
-- Returns 1 when appended, 0 for a platform duplicate.
-- The set of waiting mailboxes is global (another slot on Redis Cluster): the caller marks the
-- conversation there before this runs (conversation-store.ts, `push`).
if redis.call('set', KEYS[1], '1', 'EX', ARGV[1], 'NX') == false then return 0 end
redis.call('rpush', KEYS[2], ARGV[2])
return 1
