import { defineContributions } from '@portal/contributions/schema';
import { messages } from '@portal/shared/words';

/**
 * What remote-help adds to the portal (docs/contracts.md, "Contributions"): the help and legal
 * pages, and their links in the shell's footer (the host's own links, privacy 10 and terms 30,
 * sit between them by `order`).
 */
const { footer } = messages.shell;

export default defineContributions({
  version: 1,
  routes: [
    { path: '/help', guard: 'none', expose: './Help', title: messages.help.title },
    { path: '/cookies', guard: 'none', expose: './Cookies', title: messages.help.cookieNotice },
    { path: '/aboutAuthHub', guard: 'none', expose: './AboutAuthHub', title: messages.landing.about },
    { path: '/sms-terms-of-service', guard: 'none', expose: './SmsTerms', title: footer.smsTerms },
  ],
  links: [
    { slot: 'footer', path: '/cookies', label: footer.cookies, order: 20 },
    { slot: 'footer', path: '/sms-terms-of-service', label: footer.smsTerms, order: 40 },
    { slot: 'footer', path: '/help', label: footer.loginAssistance, order: 50 },
  ],
});
