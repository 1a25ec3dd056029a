import { messages } from '@portal/shared/words';

/**
 * The <h1> of each page this remote owns, in one place. They name the route (spec section 2), so
 * they live in code rather than in the business-editable content files.
 */
export const pageTitles = {
  help: messages.help.title,
  cookies: messages.help.cookieNotice,
  aboutAuthHub: messages.landing.about,
  smsTerms: messages.shell.footer.smsTerms,
} as const;
