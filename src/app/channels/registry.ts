import type { ChannelModule } from './channel-module';
import { consoleModule } from './console';
import { telegramModule } from './telegram';
import { whatsappModule } from './whatsapp';

export type { ChannelModule } from './channel-module';

export const CHANNEL_MODULES: readonly ChannelModule[] = [telegramModule, whatsappModule, consoleModule];

export function channelModule(id: string): ChannelModule | undefined {
  return CHANNEL_MODULES.find((module) => module.id === id);
}
