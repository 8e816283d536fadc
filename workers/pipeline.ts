import './compile-cache';
import './wasm-baseline';
import { loadConfig } from '../config';
import { Container } from '../src/app/container';
import { handleSignals } from '../src/app/lifecycle';
import { startPipeline } from '../src/app/roles';

const container = new Container(loadConfig(), { role: 'pipeline' });
handleSignals(container);
startPipeline(container);
container.logger.info('pipeline worker started');
