import { defineContributions } from '@portal/contributions/schema';
import { messages } from '@portal/shared/words';

/**
 * What remote-selfservice adds to the portal (docs/contracts.md, "Contributions"): the signed-in
 * screens (welcome, self-service, registration of each credential type).
 */
const { registration } = messages;

export default defineContributions({
  version: 1,
  routes: [
    {
      path: '/welcome',
      guard: 'B',
      expose: './Welcome',
      title: messages.welcome.title,
      likelyNext: ['/self-service'],
    },
    { path: '/self-service', guard: 'B', expose: './SelfService', title: messages.selfService.title },
    { path: '/register', guard: 'B', expose: './Register', title: registration.title },
    { path: '/register/sms', guard: 'B', expose: './RegisterOtp', title: registration.verifyTitle },
    { path: '/register/email', guard: 'B', expose: './RegisterOtp', title: registration.verifyTitle },
    { path: '/register/totp', guard: 'B', expose: './RegisterTotp', title: registration.totpTitle },
    { path: '/register/fido', guard: 'B', expose: './RegisterFido', title: messages.fido.registrationTitle },
    {
      path: '/register/securitykey',
      guard: 'B',
      expose: './RegisterFido',
      title: messages.fido.registrationTitle,
    },
    {
      path: '/register/passkey',
      guard: 'B',
      expose: './RegisterFido',
      title: messages.fido.registrationTitle,
    },
    { path: '/register/totp_push', guard: 'B', expose: './RegisterTotpPush', title: registration.pushTitle },
  ],
});
