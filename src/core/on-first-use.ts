/**
 * A value made by its first caller and kept. For the heavy libraries a process may never need
 * (a PDF renderer, an SMTP client, a model SDK): `require`d inside `make`, they are loaded by the
 * process that uses them, when it does, instead of by every process at start.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
