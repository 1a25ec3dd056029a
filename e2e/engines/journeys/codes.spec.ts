import * as OTPAuth from 'otpauth';
import { codeSent } from '../../src/outbox';
import { eachEngine, test } from '../fixtures';
import { saveScreen } from '../screens';
import { label, re, role, text } from '../user';
import { signInWithPassword } from './signIn';

/** tina.totp's authenticator (the fixture's secret). */
const tina = new OTPAuth.TOTP({ secret: 'JBSWY3DPEHPK3PXP', algorithm: 'SHA1', digits: 6, period: 30 });

eachEngine((engine) => {
  test(`${engine}: an SMS code read from the phone (the emulator's outbox) signs in`, async ({
    open,
    emulator,
  }) => {
    const user = await open(engine);
    await signInWithPassword(user, 'sam.sms');
    await user.at(/\/sotp$/);
    await user.see(text(re(/^Enter security code sent to .+/)));
    const code = await codeSent(emulator, 'sam.sms');
    await user.enabled(label('Digit 1 of 6'));
    await saveScreen(user, 'sms-code');
    await user.fill(label('Digit 1 of 6'), code);
    await user.at(/\/welcome$/);
    await user.see(role('heading', 'Hello, Sam Sms'));
  });

  test(`${engine}: a mobile-authenticator code signs in`, async ({ open }) => {
    const user = await open(engine);
    await signInWithPassword(user, 'tina.totp');
    await user.at(/\/motp$/);
    await user.see(role('group', 'Security code'));
    await user.fill(label('Digit 1 of 6'), tina.generate());
    await user.at(/\/welcome$/);
  });
});
