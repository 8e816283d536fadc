-- Reserves the next free send slot across every schedule given (a chat, an account), on
-- Redis' clock so that processes with skewed clocks agree. Reserving, instead of checking and
-- then sending, keeps concurrent senders from taking the same slot.
-- KEYS[1..n] each schedule's next free time (ms); ARGV[1..n] each schedule's gap after a send
-- (ms); ARGV[n+1] the longest wait accepted (ms).
-- Returns {1, wait ms, now ms} when reserved, {0, wait ms, now ms} when the slot is too far.
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local at = now
for i = 1, #KEYS do
  at = math.max(at, tonumber(redis.call('GET', KEYS[i]) or '0'))
end
local wait = at - now
if wait > tonumber(ARGV[#KEYS + 1]) then return {0, wait, now} end
for i = 1, #KEYS do
  local gap = tonumber(ARGV[i])
  redis.call('SET', KEYS[i], string.format('%d', at + gap), 'PX', wait + gap + 1000)
end
return {1, wait, now}
