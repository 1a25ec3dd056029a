import type { MergedContributions } from '@portal/contributions/merge';
import { describe, expect, it } from 'vitest';
import type { PlannedRemote } from '../src/firstLoad/plan.js';
import { localisedContributions } from '../src/i18n/localisedContributions.js';

const merged = {
  routes: [],
  nextActions: [],
  links: [],
  calls: [],
  factors: [
    {
      remote: 'remote-factors',
      code: 'SMSOTP',
      label: 'Text message (SMS)',
      description: 'Get a code by text message.',
      groupTitle: 'A code sent to you',
      icon: 'message',
    },
    { remote: 'remote-factors', code: 'OTP', label: 'One-time code' },
  ],
} as unknown as MergedContributions;

const remotes = new Map([
  [
    'remote-factors',
    {
      resolved: {
        contributionWords: {
          'fr-FR': {
            'Text message (SMS)': 'SMS',
            'Get a code by text message.': 'Recevez un code par SMS.',
            'A code sent to you': 'Un code qui vous est envoyé',
          },
        },
      },
    },
  ],
]) as unknown as ReadonlyMap<string, PlannedRemote>;

describe('localisedContributions', () => {
  it("gives a factor's card its label, description and group title in the page's language", () => {
    const [sms, otp] = localisedContributions(merged, remotes, 'fr-FR').factors;
    expect(sms).toMatchObject({
      label: 'SMS',
      description: 'Recevez un code par SMS.',
      groupTitle: 'Un code qui vous est envoyé',
      icon: 'message',
    });
    // Words the build has no translation for stay as contributed; absent ones stay absent.
    expect(otp).toEqual({ remote: 'remote-factors', code: 'OTP', label: 'One-time code' });
  });

  it('leaves them as contributed in a locale no remote translates', () => {
    expect(localisedContributions(merged, remotes, 'de-DE')).toBe(merged);
  });
});
