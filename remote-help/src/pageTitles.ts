import { messages } from './messages';

/**
 * The <h1> of each page this remote owns, in one place. They name the route (spec section 2), so
 * they live in code rather than in the business-editable content files.
 */
export const pageTitles = {
  get help() {
    return messages.help.title;
  },
  get cookies() {
    return messages.help.cookieNotice;
  },
  get aboutAuthHub() {
    return messages.about.title;
  },
  get smsTerms() {
    return messages.smsTerms.title;
  },
} as const;
