import { useScreenArrival } from '../shell/useScreenArrival';
import { usePrefetchLikelyNext } from '../shell/usePrefetchLikelyNext';
import { screenShown } from '../health/pageHealth';
import { useEffect } from 'react';

/** Rendered after a remote screen inside the same Suspense boundary: runs once that screen is shown. */
export function ScreenRendered({ pathname, visit }: { pathname: string; visit: string }) {
  useScreenArrival(pathname, visit);
  useEffect(() => screenShown(visit), [visit]);
  usePrefetchLikelyNext(pathname);
  return null;
}
