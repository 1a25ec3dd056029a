/**
 * The source locale, decided once for the server and the browser: the spec's strings to the
 * letter are its words; the kernel, every remote's messages, the build's catalogues, the portal
 * server's locale negotiation (its fallback) and the design gallery all read it from here.
 */
export const SOURCE_LOCALE = 'en-US';
