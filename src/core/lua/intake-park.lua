-- Holds a message whose sender could not be identified yet (PostgreSQL away), once per platform
-- message id, behind the sender's earlier held messages.
-- KEYS[1] the platform ids held for this sender (a set), KEYS[2] the sender's held messages (a
-- list); both in the sender's hash slot. ARGV[1] the platform message id, ARGV[2] the held
-- message (JSON), ARGV[3] how long both live (s).
-- Returns 1 when held, 0 for a platform duplicate.
if redis.call('sadd', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('expire', KEYS[1], ARGV[3])
redis.call('rpush', KEYS[2], ARGV[2])
redis.call('expire', KEYS[2], ARGV[3])
return 1
