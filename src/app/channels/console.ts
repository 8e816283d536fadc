import type { ChannelModule } from './channel-module';

/**
 * The console: `npm run chat` and the tests talk to Iris through it, in the process that runs
 * them (`src/channels/console/`); no process of its own, no typing indicator.
 */
export const consoleModule: ChannelModule = {
  id: 'console',
  typing: false,
  ownProcess: false,
  served: false,
  configured: () => false,
};
