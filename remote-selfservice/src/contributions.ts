import { defineContributions } from '@portal/contributions/schema';
import { messages } from './messages';
import { paths } from './paths';
import { recoveryCodesContributions as recoveryCodes } from './recoveryCodes/contributions';

/**
 * What remote-selfservice adds to the portal (docs/contracts.md, "Contributions"): the signed-in
 * screens (welcome, self-service, registration of each credential type).
 */
const { registration } = messages;

export default defineContributions({
  version: 1,
  routes: [
    {
      path: paths.welcome,
      guard: 'B',
      expose: './Welcome',
      title: messages.welcome.title,
      likelyNext: [paths.selfService],
    },
    { path: paths.selfService, guard: 'B', expose: './SelfService', title: messages.selfService.title },
    { path: paths.register, guard: 'B', expose: './Register', title: registration.title },
    { path: paths.registerType('sms'), guard: 'B', expose: './RegisterOtp', title: registration.verifyTitle },
    {
      path: paths.registerType('email'),
      guard: 'B',
      expose: './RegisterOtp',
      title: registration.verifyTitle,
    },
    { path: paths.registerType('totp'), guard: 'B', expose: './RegisterTotp', title: registration.totpTitle },
    {
      path: paths.registerType('fido'),
      guard: 'B',
      expose: './RegisterFido',
      title: messages.fido.registrationTitle,
    },
    {
      path: paths.registerType('securitykey'),
      guard: 'B',
      expose: './RegisterFido',
      title: messages.fido.registrationTitle,
    },
    {
      path: paths.registerType('passkey'),
      guard: 'B',
      expose: './RegisterFido',
      title: messages.fido.registrationTitle,
    },
    {
      path: paths.registerType('totp_push'),
      guard: 'B',
      expose: './RegisterTotpPush',
      title: registration.pushTitle,
    },
  ],
  calls: recoveryCodes.calls,
});
