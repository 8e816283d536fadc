// Tests log at 'silent' unless LOG_LEVEL is set explicitly, so jest output stays readable.
process.env.LOG_LEVEL ??= 'silent';
process.env.NODE_ENV ??= 'test';
