/**
 * Prisma's unique-constraint violation (P2002). Where a nonce or a reference is unique, it means a
 * second run of the same thing: the caller reads the first one's row instead.
 */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === 'P2002';
}
