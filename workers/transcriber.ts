import './compile-cache';
import './wasm-baseline';
import { loadConfig } from '../config';
import { Container } from '../src/app/container';
import { handleSignals } from '../src/app/lifecycle';
import { startTranscriber } from '../src/app/roles';

const container = new Container(loadConfig(), { role: 'transcriber' });
handleSignals(container);
startTranscriber(container);
container.logger.info({ provider: container.transcriber?.name ?? 'none' }, 'transcriber worker started');
