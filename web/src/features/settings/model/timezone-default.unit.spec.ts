import { describe, expect, it } from 'vitest';
import { initialTimezone, neverChoseTimezone } from './timezone-default.ts';

const registered = '2026-11-20T10:00:00.000Z';

describe('the time zone picker on first use', () => {
  it("starts on this device's zone while the settings carry the default and were never changed", () => {
    const fresh = { timezone: 'America/New_York', createdAt: registered, updatedAt: registered };
    expect(neverChoseTimezone(fresh)).toBe(true);
    expect(initialTimezone(fresh, 'Europe/Paris')).toBe('Europe/Paris');
    // The answer built from the command's state may not know the dates yet.
    expect(initialTimezone({ ...fresh, createdAt: null, updatedAt: null }, 'Asia/Tokyo')).toBe('Asia/Tokyo');
  });

  it('starts on the saved zone once anything was changed, or the zone is not the default', () => {
    const changed = { timezone: 'America/New_York', createdAt: registered, updatedAt: '2026-11-21T08:00:00.000Z' };
    expect(neverChoseTimezone(changed)).toBe(false);
    expect(initialTimezone(changed, 'Europe/Paris')).toBe('America/New_York');
    const registeredElsewhere = { timezone: 'Europe/Berlin', createdAt: registered, updatedAt: registered };
    expect(initialTimezone(registeredElsewhere, 'Europe/Paris')).toBe('Europe/Berlin');
  });

  it('starts on the saved zone when the device cannot tell its own', () => {
    expect(initialTimezone({ timezone: 'America/New_York', createdAt: registered, updatedAt: registered }, undefined)).toBe('America/New_York');
  });
});
