/**
 * `npm run test:cluster`: the Redis-heavy part of the suite on a local three-master Redis
 * Cluster that the global setup starts (tests/cluster/global-setup.ts) and stops. The list is
 * the tests of what a cluster changes: every Lua script and key layout, ingress, the mailbox
 * and its sweeper, the turn, transcribe and outbound queues, pub/sub and the limiters.
 */
const base = require('./jest.config');

module.exports = {
  ...base,
  testMatch: [
    'unit/redis-key-slots',
    'unit/redis-script',
    'integration/conversation-exactly-once',
    'integration/conversation-flows',
    'integration/conversation-access',
    'integration/ordering',
    'integration/reply-order',
    'integration/reply-order-across-turns',
    'integration/voice-notes',
    'integration/telegram-e2e',
    'integration/web-chat',
    'integration/web-chat-browser',
    'integration/web-endpoints',
    'integration/ai-gate',
    'integration/tool-call-limiter',
    'integration/outbound-sent-record',
    'integration/shutdown',
    'integration/stopped-lock-holder',
    'integration/pipeline-kill-resume',
  ].map((name) => `<rootDir>/tests/${name}.test.ts`),
  globalSetup: '<rootDir>/tests/cluster/global-setup.ts',
  globalTeardown: '<rootDir>/tests/cluster/global-teardown.ts',
};
