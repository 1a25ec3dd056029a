import { usePrefetchLikelyNext } from '../shell/usePrefetchLikelyNext';

/** Rendered after a remote screen inside the same Suspense boundary: runs once that screen is shown. */
export function ScreenRendered({ pathname }: { pathname: string }) {
  usePrefetchLikelyNext(pathname);
  return null;
}
