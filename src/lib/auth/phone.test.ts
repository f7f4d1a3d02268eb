import { describe, expect, it } from 'vitest';

import { channelOfFactor, isPhoneChannel, otherChannel, phoneFactorName, phoneOfFactor } from './phone';

describe('phone factor names', () => {
  it('carry the channel chosen at enrolment, and a time that keeps them unique', () => {
    const name = phoneFactorName('whatsapp', new Date('2026-12-01T10:11:12.345Z'));
    expect(name).toBe('Phone whatsapp 2026-12-01 10:11:12');
    expect(channelOfFactor(name)).toBe('whatsapp');
    expect(channelOfFactor(phoneFactorName('sms', new Date()))).toBe('sms');
  });

  it('default to SMS, Auth’s default channel, for a name the site did not make', () => {
    expect(channelOfFactor(undefined)).toBe('sms');
    expect(channelOfFactor('')).toBe('sms');
    expect(channelOfFactor('Phone telegram 2026-12-01 10:11:12')).toBe('sms');
    expect(channelOfFactor('My whatsapp phone')).toBe('sms');
  });
});

describe('channels', () => {
  it('are SMS and WhatsApp, each the other’s alternative', () => {
    expect(isPhoneChannel('sms')).toBe(true);
    expect(isPhoneChannel('whatsapp')).toBe(true);
    expect(isPhoneChannel('voice')).toBe(false);
    expect(isPhoneChannel(null)).toBe(false);
    expect(otherChannel('sms')).toBe('whatsapp');
    expect(otherChannel('whatsapp')).toBe('sms');
  });
});

describe('phoneOfFactor', () => {
  it('reads the number Auth answers beside auth-js’s Factor type, or nothing', () => {
    expect(phoneOfFactor({ id: 'f', phone: '31612345678' })).toBe('31612345678');
    expect(phoneOfFactor({ id: 'f' })).toBe('');
    expect(phoneOfFactor({ id: 'f', phone: 31612345678 })).toBe('');
  });
});
