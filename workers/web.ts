import { loadConfig } from '../config';
import { Container } from '../src/app/container';
import { handleSignals } from '../src/app/lifecycle';
import { buildWeb } from '../src/app/web';

const container = new Container(loadConfig(), { role: 'web' });
handleSignals(container);
const app = buildWeb(container);
container.onClose(() => app.close());
app.listen({ host: container.config.HTTP_HOST, port: container.config.HTTP_PORT }).then(
  (address) => container.logger.info({ address }, 'web listening'),
  (error: unknown) => {
    container.logger.fatal({ err: error }, 'web could not listen');
    process.exit(1);
  },
);
