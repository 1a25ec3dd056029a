/** Auth status of spec section 4: the route guards and the shell read it. */
export const AuthStatus = {
  None: 0,
  Factor: 1,
  Authenticated: 2,
  RestartNeeded: 3,
} as const;

export type AuthStatusValue = (typeof AuthStatus)[keyof typeof AuthStatus];
