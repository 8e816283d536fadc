import { allPacks } from '../../src/app/packs';

/**
 * Every sentence a stage can ask a pack for exists in that pack's catalog: the field names of
 * "Preciso saber: ..." and the conflict questions, for every field an intent requires or the
 * pack's understanding can read (taken from the code: the intents and the documented entities,
 * not from a hand list). A missing one threw inside Gate 3 and blocked the conversation.
 */
describe.each(allPacks().map((pack) => [pack.id, pack] as const))('the %s pack', (_id, pack) => {
  const fields = new Set([...Object.values(pack.intents).flatMap((spec) => spec.required), ...pack.entities]);

  it.each([...fields])('names the field %s and asks about its conflicts', (field) => {
    expect(() => pack.say(`field_${field}`)).not.toThrow();
    expect(() => pack.say(`conflict_${field}`, { values: '1, 2' })).not.toThrow();
    expect(pack.fieldLabel(field)).not.toBe('');
  });
});
