/** Tests are TypeScript compiled on the fly by SWC (type checking is `npm run typecheck`). */
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)s$': [
      '@swc/jest',
      {
        jsc: { target: 'es2022', parser: { syntax: 'typescript' } },
        module: { type: 'commonjs', ignoreDynamic: true },
      },
    ],
  },
  // The generated Prisma client imports its TypeScript siblings as './x.js' (ESM style).
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/tests/**/*.test.ts'],
  setupFiles: ['<rootDir>/tests/setup-env.ts'],
  globalSetup: '<rootDir>/tests/global-setup.ts',
  testTimeout: 30000,
  maxWorkers: 2,
};
