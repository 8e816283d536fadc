import { MEMORY_FUNCTION, splitMemoryCall } from '../../src/engine/memory-proposal';

describe('a memory proposed beside a model reading', () => {
  const proposal = { type: 'preference', description: 'prefere vencimento no dia 10', confidence: 0.8 };

  it('is taken out of the calls, so the tool call is validated alone', () => {
    const split = splitMemoryCall([
      { name: 'list_boletos', args: {} },
      { name: MEMORY_FUNCTION, args: proposal },
    ]);
    expect(split.calls).toEqual([{ name: 'list_boletos', args: {} }]);
    expect(split.proposal).toEqual(proposal);
  });

  it.each([
    ['below the confidence the seed asks (0.6)', { ...proposal, confidence: 0.5 }],
    ['of an unknown type', { ...proposal, type: 'secret' }],
    ['without words', { ...proposal, description: ' ' }],
    ['too long for a preference', { ...proposal, description: 'x'.repeat(201) }],
    ['not an object', 'lembra disso'],
  ])('is dropped when %s, never failing the reading', (_why, args) => {
    const split = splitMemoryCall([{ name: MEMORY_FUNCTION, args }]);
    expect(split).toEqual({ calls: [], proposal: undefined });
  });
});
