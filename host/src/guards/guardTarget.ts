import { AuthStatus, type AuthStatusValue } from '@portal/shared/session';
import { paths } from '@portal/shared/router';
import type { Guard } from '@portal/contributions/schema';

/** Where a guard sends the user instead, or null when the route may be shown. */
export function guardTarget(guard: Guard, status: AuthStatusValue): string | null {
  const authenticated = status === AuthStatus.Authenticated;
  switch (guard) {
    case 'A':
      return authenticated ? paths.welcome : null;
    case 'B':
      return authenticated ? null : paths.homeAlias;
    case 'C':
      if (status === AuthStatus.Factor) return null;
      return authenticated ? paths.welcome : paths.homeAlias;
    case 'none':
      return null;
  }
}
