import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { InboundEnvelope } from '../../core/messages';

/**
 * Where an inbound message waits until ingress has accepted it. Baileys acknowledges a message
 * to WhatsApp before it hands it over, so WhatsApp never delivers it again: if Redis is down, or
 * the process dies, between that moment and ingress accepting it, the message would be lost.
 * It is written here first, removed once ingress said yes, and whatever is left when a process
 * starts is handed over again (ingress drops what it already has, by platform message id).
 */
export interface IntakeSpool {
  /** Keeps the envelope durably; resolves with its id once it is on disk. */
  put(envelope: InboundEnvelope): Promise<string>;
  remove(id: string): Promise<void>;
  /** What is still waiting, oldest first. */
  pending(): Promise<Array<{ id: string; envelope: InboundEnvelope }>>;
}

/**
 * One file per message in a folder of the process' disk, written to a temporary name, flushed
 * to disk and renamed (a crash leaves either the whole file or none). Names sort by arrival.
 * It survives a crash or a restart of the process, not the loss of its disk: on a platform that
 * gives each start a fresh disk, point `spoolDir` at a persistent volume.
 */
export class FileIntakeSpool implements IntakeSpool {
  private seq = 0;
  private ready: Promise<unknown> | undefined;

  constructor(private readonly dir: string) {}

  async put(envelope: InboundEnvelope): Promise<string> {
    await (this.ready ??= mkdir(this.dir, { recursive: true }));
    const id = `${String(Date.now()).padStart(15, '0')}-${String(this.seq++).padStart(6, '0')}-${randomUUID()}`;
    const temporary = join(this.dir, `${id}.tmp`);
    const file = await open(temporary, 'w');
    try {
      await file.writeFile(JSON.stringify(envelope));
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, join(this.dir, `${id}.json`));
    return id;
  }

  async remove(id: string): Promise<void> {
    await rm(join(this.dir, `${id}.json`), { force: true });
  }

  async pending(): Promise<Array<{ id: string; envelope: InboundEnvelope }>> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return []; // no folder yet: nothing was ever spooled here
    }
    const waiting: Array<{ id: string; envelope: InboundEnvelope }> = [];
    for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
      const id = name.slice(0, -'.json'.length);
      try {
        waiting.push({
          id,
          envelope: JSON.parse(await readFile(join(this.dir, name), 'utf8')) as InboundEnvelope,
        });
      } catch {
        // A file that cannot be read back is not a message anyone can answer: set aside, kept.
        await rename(join(this.dir, name), join(this.dir, `${id}.unreadable`)).catch(() => undefined);
      }
    }
    return waiting;
  }
}
