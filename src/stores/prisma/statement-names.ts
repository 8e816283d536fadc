import { createHash } from 'node:crypto';

/**
 * Names for Prisma's statements, so that pg prepares each one once per connection and
 * PostgreSQL keeps its plan: without a name every statement is parsed and planned again on each
 * execution, which for the knowledge search (a planner-heavy statement) was a fifth to over half
 * of its time, depending on the question, and for a primary-key read about a sixth (README,
 * Performance). A name is the SQL text's
 * digest: the same statement gets the same name on every connection.
 *
 * The set of statements a process runs is small (Prisma's query shapes and the raw statements
 * of the stores), but a statement whose text varies (an `IN` list of another length) is a new
 * one; past `limit` distinct texts, new ones are sent unnamed (parsed and planned each time, as
 * before) so that neither this map nor the server's per-connection cache grows without bound.
 */
export function statementNames(limit = 1_000): (query: { sql: string }) => string {
  const names = new Map<string, string>();
  return ({ sql }) => {
    let name = names.get(sql);
    if (name === undefined && names.size < limit) {
      name = `iris_${createHash('sha1').update(sql).digest('base64url').slice(0, 22)}`;
      names.set(sql, name);
    }
    // pg sends a statement without a name (undefined) unprepared; the adapter's type says string.
    return name as string;
  };
}
