import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { StoredMemory } from '../stores/memory-store';
import type { Container } from './container';
import { operatorAuthorized } from './operator-auth';

/**
 * The operator API for people's memories (seed 003 §5.5), on the web process behind
 * `OPERATOR_TOKEN` like the AI API. Every call names the tenant (slug) and the person (user id):
 * a memory is found only within both, so one tenant's operator request never reaches another's.
 *
 * - GET    /platform/memories?tenant=slug&user=id        — the person's consent and every memory
 * - GET    /platform/memories/:id?tenant=slug&user=id    — one memory
 * - PATCH  /platform/memories/:id?tenant=slug&user=id    — `{ "description"?: "…", "active"?: bool }`;
 *   new words pass the same screen as the chat (no personal data, nothing that reads as an
 *   instruction), else 422 with the reason
 * - DELETE /platform/memories/:id?tenant=slug&user=id    — deleted for good (204)
 */
const scopeQuery = z.object({ tenant: z.string().min(1).max(64), user: z.string().uuid() });
const idParam = z.object({ id: z.string().uuid() });
const editBody = z
  .object({ description: z.string().trim().min(1).max(200).optional(), active: z.boolean().optional() })
  .strict()
  .refine((body) => body.description !== undefined || body.active !== undefined, {
    message: 'give description or active',
  });

export function mountMemoryApi(app: FastifyInstance, c: Container, token: string): void {
  const memories = c.memoryStore;

  /** The tenant and person of the query, or undefined after answering 400 / 404. */
  async function personOf(request: FastifyRequest, reply: FastifyReply) {
    const query = scopeQuery.safeParse(request.query);
    if (!query.success) {
      void reply.code(400).send({ error: 'tenant (slug) and user (id) are required' });
      return undefined;
    }
    const user = await c.db.user.findFirst({
      where: { id: query.data.user, tenant: { slug: query.data.tenant } },
      select: { id: true, tenantId: true, memoryConsent: true },
    });
    if (!user) {
      void reply.code(404).send({ error: 'no such user in that tenant' });
      return undefined;
    }
    return user;
  }

  function memoryId(request: FastifyRequest, reply: FastifyReply): string | undefined {
    const params = idParam.safeParse(request.params);
    if (params.success) return params.data.id;
    void reply.code(400).send({ error: 'the memory id is a UUID' });
    return undefined;
  }

  app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      if (!operatorAuthorized(request, token)) return reply.code(401).send({ error: 'unauthorized' });
    });

    scope.get('/platform/memories', async (request, reply) => {
      const user = await personOf(request, reply);
      if (!user) return reply;
      return {
        consent: user.memoryConsent === null ? 'never_asked' : user.memoryConsent ? 'given' : 'refused',
        memories: (await memories.all(user.tenantId, user.id)).map(shown),
      };
    });

    scope.get('/platform/memories/:id', async (request, reply) => {
      const user = await personOf(request, reply);
      const id = user && memoryId(request, reply);
      if (!user || !id) return reply;
      const memory = await memories.one(user.tenantId, user.id, id);
      return memory ? shown(memory) : reply.code(404).send({ error: 'no such memory for that user' });
    });

    scope.patch('/platform/memories/:id', async (request, reply) => {
      const user = await personOf(request, reply);
      const id = user && memoryId(request, reply);
      if (!user || !id) return reply;
      const body = editBody.safeParse(request.body ?? {});
      if (!body.success)
        return reply.code(400).send({ error: 'give description (text) and/or active (true/false)' });
      const refusal =
        body.data.description === undefined ? undefined : memories.screen(body.data.description);
      if (refusal)
        return reply.code(422).send({
          error: refusal === 'memory_personal_data' ? 'personal_data' : 'refused',
          detail:
            refusal === 'memory_personal_data'
              ? 'a memory holds no personal data (CPF, CNPJ, phone, e-mail, card numbers…)'
              : 'a memory is a preference, not an instruction for an assistant',
        });
      const memory = await memories.edit(user.tenantId, user.id, id, body.data);
      return memory ? shown(memory) : reply.code(404).send({ error: 'no such memory for that user' });
    });

    scope.delete('/platform/memories/:id', async (request, reply) => {
      const user = await personOf(request, reply);
      const id = user && memoryId(request, reply);
      if (!user || !id) return reply;
      return (await memories.remove(user.tenantId, user.id, id))
        ? reply.code(204).send()
        : reply.code(404).send({ error: 'no such memory for that user' });
    });
  });
}

function shown(memory: StoredMemory) {
  return {
    id: memory.id,
    type: memory.memoryType,
    description: memory.description,
    source: memory.source,
    confidence: Math.round(memory.confidence * 100) / 100,
    active: memory.active,
    lastUsedAt: memory.lastUsedAt?.toISOString() ?? null,
    createdAt: memory.createdAt.toISOString(),
    updatedAt: memory.updatedAt.toISOString(),
  };
}
