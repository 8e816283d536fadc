// Tests log at 'silent' unless LOG_LEVEL is set explicitly, so jest output stays readable.
process.env.LOG_LEVEL ??= 'silent';
process.env.NODE_ENV ??= 'test';
// Test files share one database under many queue prefixes: a notifier of one file would hand
// another file's boleto notices to its own prefix's queues. Only tests that watch notices turn
// them on (and processes the tests start inherit this).
process.env.BOLETO_NOTICES ??= 'false';
// Likewise the knowledge base's periodic catch-up would embed other files' passages.
process.env.KNOWLEDGE_CATCH_UP ??= 'false';
