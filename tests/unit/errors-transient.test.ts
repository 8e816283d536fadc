import { DefectError, isTransient, ProviderUnavailableError } from '../../src/core/errors';

/** A Prisma error as the PostgreSQL driver adapter builds it, with the server's SQLSTATE. */
function prismaError(code: string, sqlstate: string): Error {
  return Object.assign(new Error('Database error'), {
    name: 'PrismaClientKnownRequestError',
    code,
    meta: { driverAdapterError: { name: 'DriverAdapterError', cause: { originalCode: sqlstate } } },
  });
}

describe('which errors a retry may cure', () => {
  it.each([
    ['a CHECK constraint', prismaError('P2039', '23514')],
    ['a foreign key', prismaError('P2003', '23503')],
    ['a NULL in a required column', prismaError('P2011', '23502')],
    ['a value out of range', prismaError('P2010', '22003')],
    [
      'a query Prisma refuses',
      Object.assign(new Error('Unknown argument'), { name: 'PrismaClientValidationError' }),
    ],
    ['a bug', new TypeError('x is undefined')],
    ['a defect', new DefectError('no sentence')],
  ])('%s: never', (_, error) => expect(isTransient(error)).toBe(false));

  it.each([
    ['a unique key met by a concurrent twin', prismaError('P2002', '23505')],
    ['a dropped connection', Object.assign(new Error('Connection terminated'), { code: 'ECONNRESET' })],
    ['a provider away', new ProviderUnavailableError('asaas', 'unreachable')],
    ['a serialization failure', prismaError('P2034', '40001')],
  ])('%s: maybe', (_, error) => expect(isTransient(error)).toBe(true));
});
