import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';
import { blamedBuild, whereOf } from './pageErrors';
import { firstScreenBuild, healthBeacon, shownBuild, usedBuildList } from './pageHealth';

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

  const vital = (kind: 'lcp' | 'inp' | 'cls') => (metric: Metric) => {
    const build = firstScreenBuild();
    if (build) healthBeacon.vital(build, kind, metric.value);
  };
  onLCP(vital('lcp'));
  onINP(vital('inp'));
  onCLS(vital('cls'));

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') healthBeacon.flush();
  });
  window.addEventListener('pagehide', () => healthBeacon.flush());
}
