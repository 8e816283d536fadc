-- Takes a conversation's lock and reads the head of its mailbox in one step; given the
-- conversation's state and pending-confirmation keys, reads them too (the turn needs them next).
-- KEYS[1] the lock, KEYS[2] the mailbox, optionally KEYS[3] the state and KEYS[4] the pending
-- confirmation; ARGV[1] the token, ARGV[2] the lock TTL (ms).
-- Returns {0} when someone else holds the lock, else {1, head or false[, state or false,
-- pending or false]}.
if not redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return {0} end
local head = redis.call('lindex', KEYS[2], 0)
if #KEYS < 4 then return {1, head} end
return {1, head, redis.call('get', KEYS[3]), redis.call('get', KEYS[4])}
