/** Replaced at build time by the label of this build (see @portal/tooling appConfig). */
declare const __PORTAL_BUILD_LABEL__: string;
