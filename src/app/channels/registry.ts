import type { ChannelModule } from './channel-module';
import { consoleModule } from './console';
import { telegramModule } from './telegram';
import { webChatModule } from './web-chat';
import { whatsappModule } from './whatsapp';

export type { ChannelModule } from './channel-module';

export const CHANNEL_MODULES: readonly ChannelModule[] = [
  telegramModule,
  whatsappModule,
  webChatModule,
  consoleModule,
];

export function channelModule(id: string): ChannelModule | undefined {
  return CHANNEL_MODULES.find((module) => module.id === id);
}
