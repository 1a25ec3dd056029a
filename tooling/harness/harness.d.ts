declare const __HARNESS_REMOTE__: string;
declare const __HARNESS_EXPOSES__: string[];
/** The remote's routes (its contributions): the index links each with the state its guard needs. */
declare const __HARNESS_ROUTES__: {
  path: string;
  guard: 'A' | 'B' | 'C' | 'none';
  expose: string;
  title: string;
}[];
/** The paths the remote sends PASSWORD_AUTH to: `state=factor` stops there instead of answering it. */
declare const __HARNESS_PASSWORD_PATHS__: string[];
/** The fixture user whose sign-in opens each guard-C route (the remote's harness.json), by path. */
declare const __HARNESS_FACTOR_USERS__: Record<string, string>;
/** The remote's whole contributions file: the harness's dispatcher routes the screens' replies with them. */
declare const __HARNESS_CONTRIBUTIONS__: unknown;
