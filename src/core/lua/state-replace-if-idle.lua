-- Replaces a conversation's saved state, only while no turn holds the conversation and only if
-- the state is still the one the caller read (the summary job: docs/gemini.md "Conversation
-- summaries"). A turn that starts later reads the new state; one in flight keeps the lock, and
-- the caller tries again later, so a turn's commit never overwrites the summary or the reverse.
-- KEYS: [1] conversation state, [2] conversation lock.
-- ARGV: [1] the state as read, [2] the new state. The state's time to live is kept.
-- Returns 'updated', 'busy' (a turn holds the lock), 'changed' (a turn saved a newer state)
-- or 'gone' (the state expired).
if redis.call('exists', KEYS[2]) == 1 then return 'busy' end
local current = redis.call('get', KEYS[1])
if not current then return 'gone' end
if current ~= ARGV[1] then return 'changed' end
redis.call('set', KEYS[1], ARGV[2], 'KEEPTTL')
return 'updated'
