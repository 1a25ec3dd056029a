import { userInfo } from 'node:os';

/** The login name of the account the tool runs as, undefined when the system cannot tell. */
export function accountName(): string | undefined {
  try {
    return userInfo().username || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Who is releasing, for the release log: --by, else $RELEASE_BY, else the login name ($USER,
 * $LOGNAME, the account the tool runs as). Undefined when none names anyone: the command is then
 * refused, never logged as 'unknown'.
 */
export function releaserName(
  by: string | undefined,
  env: Record<string, string | undefined>,
  account: () => string | undefined,
): string | undefined {
  for (const name of [by, env.RELEASE_BY, env.USER, env.LOGNAME]) {
    const trimmed = name?.trim();
    if (trimmed) return trimmed;
  }
  return account()?.trim() || undefined;
}
