import { defineContributions } from '@portal/contributions/schema';
import { messages } from './messages';
import { paths } from './paths';

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
  // Recovery codes (issue 22): the count and a new set, with the user's token, through the proxy.
  calls: [
    { method: 'GET', path: 'factor/v1/MeRecoveryCodes' },
    { method: 'POST', path: 'factor/v1/MeRecoveryCodes' },
  ],
});
