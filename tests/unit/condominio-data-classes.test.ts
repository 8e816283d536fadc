import { DATA_SOURCES, mayReach } from '../../config/data-classification';
import { condominioPack } from '../../src/domains/condominio';
import { templateFor } from '../../src/engine/prompt-templates';

/** Seed 003 §10.4 and §7.4 for the condominium: its data's classes and its templates per intent. */
describe('condominio: data classes and prompt templates', () => {
  it('declares every source of its own data with the class the seed gives it', () => {
    const classes = Object.fromEntries((condominioPack.dataSources ?? []).map((s) => [s, DATA_SOURCES[s]]));
    expect(classes).toEqual({
      reservation_history: 'operational',
      space_availability: 'operational',
      regulations: 'institutional',
      resident_profiles: 'personal',
      guest_lists: 'personal',
      supplier_requests: 'operational',
      penalties: 'personal',
    });
    // People's data reaches no model by default; bookings and the regulations may.
    for (const source of ['resident_profiles', 'guest_lists', 'penalties'] as const) {
      expect(mayReach(source, 'cloud')).toBe(false);
      expect(mayReach(source, 'local')).toBe(false);
    }
    expect(mayReach('reservation_history', 'cloud')).toBe(true);
    expect(mayReach('regulations', 'cloud')).toBe(true);
  });

  it('reads a booking with the reservation template, the síndico’s requests with theirs, the rest with the default', () => {
    const { prompts } = condominioPack;
    expect(templateFor(prompts, 'CREATE_RESERVATION').id).toBe('reservation_assistant_v1');
    expect(templateFor(prompts, 'CANCEL_RESERVATION').id).toBe('reservation_assistant_v1');
    expect(templateFor(prompts, 'APPLY_PENALTY').id).toBe('sindico_assistant_v1');
    expect(templateFor(prompts, 'PUBLISH_NOTICE').id).toBe('sindico_assistant_v1');
    expect(templateFor(prompts, 'GENERAL_QUESTION').id).toBe('condominio_understanding_v1');
    expect(templateFor(prompts).id).toBe('condominio_understanding_v1');
    expect(templateFor(prompts, 'APPLY_PENALTY').text).toContain('nunca da mensagem');
  });
});
