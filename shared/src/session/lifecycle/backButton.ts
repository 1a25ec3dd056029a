/**
 * Optional back-button disabling (portalConfig.disableBackButton): whenever the user goes back,
 * history goes forward again, so the signed-in page stays. Returns the undo function.
 */
export function disableBackButton(target: Window = window): () => void {
  const forwardAgain = () => target.history.go(1);
  target.addEventListener('popstate', forwardAgain);
  return () => target.removeEventListener('popstate', forwardAgain);
}
