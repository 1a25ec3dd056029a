import { test as base, expect } from '@playwright/test';

declare global {
  interface Window {
    __portalCspViolation?: (text: string) => void;
  }
}

export interface CspGuardFixtures {
  /**
   * Content-Security-Policy violations reported in any page or frame of the test's browser
   * context (the `securitypolicyviolation` event). A test fails if any remain at its end; a test
   * that provokes one on purpose removes the ones it expects (like pageErrors).
   */
  cspViolations: string[];
}

/** Automatic: every test runs under the portal's CSP without a single violation. */
export const cspGuard = base.extend<CspGuardFixtures>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding('__portalCspViolation', ({ frame }, text: string) => {
        violations.push(`${frame.url()}: ${text}`);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
          window.__portalCspViolation?.(
            `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'}${where}`,
          );
        });
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations during the test').toEqual([]);
    },
    { auto: true },
  ],
});
