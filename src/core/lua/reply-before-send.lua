-- What the sender needs before a reply goes out, in one round trip: whether the reply was
-- already sent, and how many of its chat's replies are done in order.
-- KEYS[1] the reply's sent mark; KEYS[2] the chat's done counter (both under the chat's tag).
-- Returns {1 if sent else 0, the counter (0 when absent)}.
return { redis.call('exists', KEYS[1]), tonumber(redis.call('get', KEYS[2]) or '0') }
