import type { Build } from './healthEvents';

/**
 * Which used build an uncaught error belongs to: the build whose folder its script came from
 * (the error's file or stack names a URL under `/remotes/<package>/<release>/`), else the
 * build of the screen on the page. Only the kind is reported, never the message.
 */
export function blamedBuild(
  where: string,
  used: readonly Build[],
  shown: Build | undefined,
): Build | undefined {
  const named = used.find((build) => where.includes(`/${build.release}/`));
  return named ?? shown;
}

/** The file and stack of an `error` event or an unhandled rejection's reason. */
export function whereOf(event: ErrorEvent | PromiseRejectionEvent): string {
  const error = 'reason' in event ? event.reason : event.error;
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
  return `${'filename' in event ? event.filename : ''}\n${stack}`;
}
