import type { TextMatch } from '../drivers/finder';
import { eachEngine, expect, test } from '../fixtures';
import { scanQrCode } from '../qrCode';
import { saveScreen } from '../screens';
import { label, re, role, text } from '../user';
import { signInToWelcome } from './signIn';

const list = role('list', 'Your credentials');
const items = role('listitem', undefined, { within: list });
const item = (typeName: string) =>
  role('listitem', undefined, { within: list, has: role('heading', typeName) });
const inItem = (typeName: string, button: TextMatch) => role('button', button, { within: item(typeName) });

interface UserView {
  userName: string;
  credentials: { credType: string; status: string }[];
}

eachEngine((engine) => {
  test(`${engine}: Manage Credentials lists, deactivates and deletes`, async ({ open, emulator }) => {
    await emulator.post('users/pat.password/credentials', { credType: 'sms', credValue: '+15550001111' });
    await emulator.post('users/pat.password/credentials', {
      credType: 'email',
      credValue: 'pat@example.com',
    });
    const user = await open(engine);
    await signInToWelcome(user, 'pat.password', 'Pat Password');
    await user.click(role('link', 'Manage Credentials'));
    await user.at(/\/self-service$/);
    await user.see(role('heading', 'Manage Credentials', { level: 1 }));
    await user.count(items, 2);
    await user.seeText(item('SMS'), '+15550001111');
    await saveScreen(user, 'manage-credentials');

    await user.click(inItem('SMS', re(/^Deactivate\b/)));
    await user.seeText(item('SMS'), 'Inactive');
    await user.see(inItem('SMS', re(/^Activate\b/)));
    const users = await emulator.get<UserView[]>('users');
    expect(users.find((view) => view.userName === 'pat.password')?.credentials[0]?.status).toBe('INACTIVE');

    await user.click(inItem('Email', re(/^Delete\b/)));
    await user.seeText(role('dialog'), 'Do you want to delete the credential of type Email?');
    await user.click(role('button', 'Yes', { within: role('dialog') }));
    await user.gone(role('dialog'));
    await user.count(items, 1);
    await user.gone(item('Email'));
  });

  test(`${engine}: registers a mobile authenticator from its QR code`, async ({ open, emulator }) => {
    const user = await open(engine);
    await signInToWelcome(user, 'pat.password', 'Pat Password');
    await user.click(role('link', 'Manage Credentials'));
    await user.click(role('button', 'Register a new credential'));
    await user.at(/\/register$/);
    await user.click(role('radio', 'Code from Mobile Authenticator'));
    await user.click(role('button', 'Next'));
    await user.fill(label('Authenticator name'), 'My phone');
    await user.click(role('button', 'Next'));
    await user.at(/\/register\/totp$/);
    await user.see(
      text('Scan the QR code with your mobile authenticator & enter security code to register My phone'),
    );
    const totp = await scanQrCode(user, role('img', 'QR code for your mobile authenticator'));
    expect(totp.label).toBe('pat.password');
    await user.fill(label('Digit 1 of 6'), totp.generate());
    await user.at(/\/self-service$/);
    await user.see(role('status', undefined, { hasText: 'A new credential was added.' }));
    await user.see(role('heading', 'Mobile OTP', { within: list }));
    const users = await emulator.get<UserView[]>('users');
    expect(
      users.find((view) => view.userName === 'pat.password')?.credentials.map((c) => c.credType),
    ).toEqual(['totp']);
  });
});
