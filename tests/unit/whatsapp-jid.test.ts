import {
  isGroupJid,
  isLidJid,
  isPhoneJid,
  normalizeJid,
  parseJid,
  phoneFromJid,
  phoneToJid,
  sameUser,
  senderIdentity,
} from '../../src/channels/whatsapp/jid';
import { canonicalPhone, digitsOnly, phoneCandidates } from '../../src/channels/whatsapp/phone';

describe('WhatsApp JIDs', () => {
  it('parses user, device and agent like Baileys jidDecode', () => {
    expect(parseJid('5511987654321:12@s.whatsapp.net')).toEqual({
      user: '5511987654321',
      server: 's.whatsapp.net',
      device: 12,
    });
    expect(parseJid('5511987654321_1:3@hosted')).toEqual({
      user: '5511987654321',
      server: 'hosted',
      agent: 1,
      device: 3,
    });
    expect(parseJid('not a jid')).toBeUndefined();
    expect(parseJid(undefined)).toBeUndefined();
  });

  it('normalizes device suffixes and legacy servers away', () => {
    expect(normalizeJid('5511987654321:12@s.whatsapp.net')).toBe('5511987654321@s.whatsapp.net');
    expect(normalizeJid('5511987654321@c.us')).toBe('5511987654321@s.whatsapp.net');
    expect(normalizeJid('98765432101234:7@lid')).toBe('98765432101234@lid');
    expect(normalizeJid('98765432101234:7@hosted.lid')).toBe('98765432101234@lid');
    expect(normalizeJid('120363041234567890@g.us')).toBe('120363041234567890@g.us');
    expect(normalizeJid('')).toBeUndefined();
  });

  it('classifies phone, LID and group JIDs', () => {
    expect(isPhoneJid('5511987654321@s.whatsapp.net')).toBe(true);
    expect(isPhoneJid('98765432101234@lid')).toBe(false);
    expect(isLidJid('98765432101234@lid')).toBe(true);
    expect(isGroupJid('120363041234567890@g.us')).toBe(true);
    expect(sameUser('5511900000000:7@s.whatsapp.net', '5511900000000@s.whatsapp.net')).toBe(true);
    expect(sameUser('5511900000000@s.whatsapp.net', '5511900000000@lid')).toBe(false);
  });

  it('reads the canonical phone of a phone JID only', () => {
    expect(phoneFromJid('5511987654321:3@s.whatsapp.net')).toBe('5511987654321');
    expect(phoneFromJid('551187654321@s.whatsapp.net')).toBe('5511987654321');
    expect(phoneFromJid('98765432101234@lid')).toBeUndefined();
    expect(phoneToJid('+55 (11) 98765-4321')).toBe('5511987654321@s.whatsapp.net');
  });

  describe('sender identity', () => {
    it('takes the phone from remoteJidAlt in a LID-addressed chat (Baileys 7 rc14)', () => {
      expect(
        senderIdentity({
          remoteJid: '201234567890123@lid',
          remoteJidAlt: '551187654321@s.whatsapp.net',
          participant: '',
        }),
      ).toEqual({ phoneJid: '551187654321@s.whatsapp.net', lid: '201234567890123@lid' });
    });

    it('takes the LID from remoteJidAlt in a phone-addressed chat', () => {
      expect(
        senderIdentity({ remoteJid: '5511987654321@s.whatsapp.net', remoteJidAlt: '201234567890123@lid' }),
      ).toEqual({ phoneJid: '5511987654321@s.whatsapp.net', lid: '201234567890123@lid' });
    });

    it('uses the group participant and participantAlt, never the group JID', () => {
      expect(
        senderIdentity({
          remoteJid: '120363041234567890@g.us',
          participant: '209876543210987:4@lid',
          participantAlt: '5521998765432@s.whatsapp.net',
        }),
      ).toEqual({ phoneJid: '5521998765432@s.whatsapp.net', lid: '209876543210987@lid' });
    });

    it('understands the older senderPn / participantPn names', () => {
      expect(
        senderIdentity({ remoteJid: '201234567890123@lid', senderPn: '5511987654321@s.whatsapp.net' }),
      ).toEqual({ phoneJid: '5511987654321@s.whatsapp.net', lid: '201234567890123@lid' });
      expect(
        senderIdentity({
          remoteJid: '120363041234567890@g.us',
          participant: '209876543210987@lid',
          participantPn: '5521998765432@s.whatsapp.net',
        }).phoneJid,
      ).toBe('5521998765432@s.whatsapp.net');
    });

    it('has only the LID when WhatsApp sent no phone', () => {
      expect(senderIdentity({ remoteJid: '201234567890123@lid' })).toEqual({ lid: '201234567890123@lid' });
    });
  });
});

describe("Brazil's ninth digit", () => {
  it('adds the 9 to an 8-digit mobile (first digit 6-9)', () => {
    expect(canonicalPhone('551187654321')).toBe('5511987654321');
    expect(canonicalPhone('558196543210')).toBe('5581996543210');
    expect(canonicalPhone('+55 11 8765-4321')).toBe('5511987654321');
  });

  it('keeps 9-digit mobiles, landlines and other countries as they are', () => {
    expect(canonicalPhone('5511987654321')).toBe('5511987654321');
    expect(canonicalPhone('551133334444')).toBe('551133334444'); // landline (3...)
    expect(canonicalPhone('5215512345678')).toBe('5215512345678'); // Mexico
    expect(canonicalPhone('14155550123')).toBe('14155550123');
  });

  it('offers both forms of a Brazilian mobile as candidates, canonical first', () => {
    expect(phoneCandidates('551187654321')).toEqual(['5511987654321', '551187654321']);
    expect(phoneCandidates('5511987654321')).toEqual(['5511987654321', '551187654321']);
    expect(phoneCandidates('551133334444')).toEqual(['551133334444']);
    expect(phoneCandidates('5215512345678')).toEqual(['5215512345678']);
    expect(phoneCandidates('')).toEqual([]);
  });

  it('keeps digits only', () => {
    expect(digitsOnly('+55 (11) 98765-4321')).toBe('5511987654321');
  });
});
