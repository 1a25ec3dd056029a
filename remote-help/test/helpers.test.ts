import { describe, expect, it } from 'vitest';
import { regionPhones, telHref } from '../src/help/audienceHelp';

describe('telHref', () => {
  it.each([
    ['+1 (212) 555-0105', 'tel:+12125550105'],
    ['+44 20 5550 0103', 'tel:+442055500103'],
    ['800.555.0104', 'tel:8005550104'],
    ['+1 800 +555', 'tel:+1800555'],
  ])('%s → %s', (number, href) => {
    expect(telHref(number)).toBe(href);
  });
});

describe('regionPhones', () => {
  it('keeps the spec’s regions and order, ignores regions the spec does not name', () => {
    const phones = regionPhones('employees', {
      email: 'x@example.org',
      phones: {
        clients: [{ region: 'US', number: '1' }],
        employees: [
          { region: 'Mars', number: '9' },
          { region: 'US Toll Free', number: '3' },
          { region: 'Asia Pacific', number: '1' },
        ],
      },
    });
    expect(phones).toEqual([
      { region: 'Asia Pacific', number: '1' },
      { region: 'Europe', number: null },
      { region: 'US Toll Free', number: '3' },
    ]);
  });
});
