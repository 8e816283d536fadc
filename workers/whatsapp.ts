/**
 * The `whatsapp` process: one live socket per WhatsApp number in the whole cluster (others wait
 * as standbys and take over when the holder dies), and the sender of WhatsApp replies.
 * Pair once first: `npm run whatsapp:pair -- --account <name> [--phone 5511...]`.
 */
import { loadConfig } from '../config';
import { Container } from '../src/app/container';
import { handleSignals } from '../src/app/lifecycle';
import { startWhatsapp } from '../src/app/whatsapp';

const container = new Container(loadConfig(), { role: 'whatsapp' });
handleSignals(container);
startWhatsapp(container)
  .start()
  .then(
    () =>
      container.logger.info(
        { account: container.config.WHATSAPP_ACCOUNT },
        'whatsapp channel started (standby until it holds the number)',
      ),
    (error: unknown) => {
      container.logger.fatal({ err: error }, 'whatsapp channel could not start');
      process.exit(1);
    },
  );
