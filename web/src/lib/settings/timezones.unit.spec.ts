import { describe, expect, it } from 'vitest';
import { timezoneOptions } from './timezones.ts';

describe('the zones a person can choose', () => {
  it('always offer UTC, which Intl’s list leaves out: an account made in UTC can choose it again after leaving it', () => {
    const zones = timezoneOptions('Pacific/Kiritimati', 'UTC');
    expect(Intl.supportedValuesOf('timeZone')).not.toContain('UTC');
    expect(zones).toContain('UTC');
    expect(zones).toContain('Pacific/Kiritimati');
    expect(zones.indexOf('UTC')).toBeGreaterThan(zones.indexOf('Pacific/Kiritimati'));
    expect(zones).toEqual([...zones].sort());
  });

  it('keep this device’s zone and the current one even where Intl does not list them, each once', () => {
    const zones = timezoneOptions('Etc/GMT+5', 'Etc/UTC');
    expect(zones.filter((zone) => zone === 'Etc/GMT+5')).toHaveLength(1);
    expect(zones.filter((zone) => zone === 'Etc/UTC')).toHaveLength(1);
    expect(zones.filter((zone) => zone === 'UTC')).toHaveLength(1);
    expect(timezoneOptions('UTC', 'UTC').filter((zone) => zone === 'UTC')).toHaveLength(1);
  });

  it('are Intl’s own list, with UTC, for a zone and device it knows', () => {
    expect(timezoneOptions('Europe/Berlin', 'Europe/Berlin')).toEqual([...Intl.supportedValuesOf('timeZone'), 'UTC'].sort());
  });
});
