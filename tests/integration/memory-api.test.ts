import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildWeb } from '../../src/app/web';
import { MemoryStore } from '../../src/stores/memory-store';
import { Harness } from '../support/harness';

/**
 * The operator API for people's memories (seed 003 §5.5) on the real web process and
 * PostgreSQL: list, read, edit, deactivate, delete, always within one tenant and one person.
 */

const TOKEN = 'test-operator-token-memories-0123456789';

async function call(
  app: FastifyInstance,
  method: string,
  url: string,
  body?: unknown,
  token: string | null = TOKEN,
) {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: () => JSON.parse(text) as Record<string, unknown> };
}

describe('operator API for memories', () => {
  const h = new Harness({ OPERATOR_TOKEN: TOKEN });
  const app = buildWeb(h.container);
  afterAll(async () => {
    await app.close();
    await h.close();
  });

  it('lists, reads, edits, deactivates and deletes one person’s memories, and nobody else’s', async () => {
    const { tenant, user } = await h.boletosTenant();
    const other = await h.boletosTenant();
    const store = new MemoryStore(h.db);
    await store.setConsent(tenant.id, user.id, true, new Date());
    await store.remember(tenant.id, user.id, 'eu prefiro vencimento no dia 10', new Date());
    await store.remember(other.tenant.id, other.user.id, 'prefiro boletos por e-mail', new Date());
    const base = `/platform/memories?tenant=${tenant.slug}&user=${user.id}`;

    expect((await call(app, 'GET', base, undefined, null)).status).toBe(401);
    expect((await call(app, 'GET', '/platform/memories?tenant=x')).status).toBe(400);
    // The other tenant's user, asked under this tenant: not found.
    expect(
      (await call(app, 'GET', `/platform/memories?tenant=${tenant.slug}&user=${other.user.id}`)).status,
    ).toBe(404);

    const listed = (await call(app, 'GET', base)).json() as {
      consent: string;
      memories: Array<{ id: string; description: string; active: boolean; source: string }>;
    };
    expect(listed.consent).toBe('given');
    expect(listed.memories.map((m) => [m.description, m.active, m.source])).toEqual([
      ['eu prefiro vencimento no dia 10', true, 'user_explicit'],
    ]);
    const id = listed.memories[0]!.id;
    const one = (id: string) => `/platform/memories/${id}?tenant=${tenant.slug}&user=${user.id}`;
    expect((await call(app, 'GET', one(id))).json()).toMatchObject({
      id,
      description: 'eu prefiro vencimento no dia 10',
    });

    // Another person's memory id, asked under this person: not found, and untouched.
    const [foreign] = await store.all(other.tenant.id, other.user.id);
    expect((await call(app, 'GET', one(foreign!.id))).status).toBe(404);
    expect((await call(app, 'DELETE', one(foreign!.id))).status).toBe(404);
    expect(await store.all(other.tenant.id, other.user.id)).toHaveLength(1);

    expect(
      (await call(app, 'PATCH', one(id), { description: 'prefiro vencimento no dia 15' })).json(),
    ).toMatchObject({
      description: 'prefiro vencimento no dia 15',
      active: true,
    });
    expect((await call(app, 'PATCH', one(id), { description: 'meu cpf é 529.982.247-25' })).status).toBe(422);
    expect((await call(app, 'PATCH', one(id), {})).status).toBe(400);
    expect((await call(app, 'PATCH', one(id), { active: false })).json()).toMatchObject({ active: false });
    // Inactive: kept for the operator, no longer listed to the person nor used.
    expect(await store.list(tenant.id, user.id)).toHaveLength(0);

    expect((await call(app, 'DELETE', one(id))).status).toBe(204);
    expect((await call(app, 'GET', one(id))).status).toBe(404);
    expect(await store.all(tenant.id, user.id)).toHaveLength(0);
  });
});
