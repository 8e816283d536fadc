import { setFlagsFromString } from 'node:v8';

/**
 * Imported first by every process' entry, before Prisma's client is loaded: V8 compiles
 * WebAssembly with its baseline compiler only (Liftoff) and never re-optimises it. The only
 * WebAssembly here is Prisma's query compiler, which runs when a query's shape is first seen; its
 * plans are cached after that, so optimised code for it bought little speed and cost 40–80 MB of
 * memory per process on Node 20 and 22 (README, "Memory"). Node 24 already compiles WebAssembly
 * lazily: the flag changes nothing there.
 */
setFlagsFromString('--liftoff-only');
