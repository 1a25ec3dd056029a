import { defineContributions } from '@portal/contributions/schema';
import { messages } from './messages';
import { paths } from './paths';

/**
 * What remote-help adds to the portal (docs/contracts.md, "Contributions"): the help and legal
 * pages, and their links in the shell's footer (the host's own links, privacy 10 and terms 30,
 * sit between them by `order`). Titles and labels come from this remote's own catalogue.
 */
const { footer } = messages;

export default defineContributions({
  version: 1,
  routes: [
    { path: paths.help, guard: 'none', expose: './Help', title: messages.help.title },
    { path: paths.cookies, guard: 'none', expose: './Cookies', title: messages.help.cookieNotice },
    { path: paths.aboutAuthHub, guard: 'none', expose: './AboutAuthHub', title: messages.about.title },
    { path: paths.smsTerms, guard: 'none', expose: './SmsTerms', title: messages.smsTerms.title },
  ],
  links: [
    { slot: 'footer', path: paths.cookies, label: footer.cookies, order: 20 },
    { slot: 'footer', path: paths.smsTerms, label: footer.smsTerms, order: 40 },
    { slot: 'footer', path: paths.help, label: footer.loginAssistance, order: 50 },
  ],
});
