import type { Metric } from 'web-vitals';
import { blamedBuild, whereOf } from './pageErrors';
import {
  firstScreenBuild,
  healthBeacon,
  shownBuild,
  usedBuildList,
  whenFirstScreenShown,
} from './pageHealth';

/**
 * Canary analysis, the page's side: uncaught errors and unhandled rejections are blamed on a
 * build the page used; the first screen's LCP, INP and CLS (web-vitals, which reports each
 * when the page is hidden or the user acts) go to the first screen's build; what is waiting is
 * sent when the page is hidden or left.
 */
export function startHealthReports(): void {
  const onPageError = (event: ErrorEvent | PromiseRejectionEvent) => {
    const build = blamedBuild(whereOf(event), usedBuildList(), shownBuild());
    if (build) healthBeacon.error(build, 'unhandled');
  };
  window.addEventListener('error', onPageError);
  window.addEventListener('unhandledrejection', onPageError);
  whenFirstScreenShown(loadVitalsWhenIdle);

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') healthBeacon.flush();
  });
  window.addEventListener('pagehide', () => healthBeacon.flush());
}

/**
 * web-vitals is not on the first screen's path: it is fetched once the first screen has rendered
 * and the page is idle (idle alone comes early, while the page waits for its screen's files). Its
 * observers read buffered entries, so the first screen's LCP and layout shifts are still seen.
 */
function loadVitalsWhenIdle(): void {
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1000));
  whenIdle(() => {
    import('web-vitals').then(
      ({ onCLS, onINP, onLCP }) => {
        const vital = (kind: 'lcp' | 'inp' | 'cls') => (metric: Metric) => {
          const build = firstScreenBuild();
          if (build) healthBeacon.vital(build, kind, metric.value);
        };
        onLCP(vital('lcp'));
        onINP(vital('inp'));
        onCLS(vital('cls'));
      },
      // No vitals from this page (a lost network, a blocked chunk): nothing else depends on them.
      () => undefined,
    );
  });
}
