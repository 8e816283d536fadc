import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** `Authorization: Bearer <OPERATOR_TOKEN>`, compared in constant time. */
export function operatorAuthorized(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
