-- Whether a conversation has something under way: a turn holding its lock, messages waiting in
-- its mailbox, a proposal waiting for "sim", or a draft waiting for a missing value.
-- KEYS[1] lock, KEYS[2] mailbox, KEYS[3] pending confirmation, KEYS[4] saved state, and
-- optionally KEYS[5] the dedupe marker of the message asking (all in the conversation's slot):
-- a message already pushed to this conversation belongs to it (its redelivery is dropped there).
-- Returns 1 when something is under way, 0 when the conversation is idle or gone.
if redis.call('exists', KEYS[1], KEYS[3]) > 0 then return 1 end
if KEYS[5] and redis.call('exists', KEYS[5]) > 0 then return 1 end
if redis.call('llen', KEYS[2]) > 0 then return 1 end
local state = redis.call('get', KEYS[4])
if state and string.find(state, '"state":"AWAITING_INPUT"', 1, true) then return 1 end
return 0
