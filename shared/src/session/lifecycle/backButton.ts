/**
 * Optional back-button disabling (portalConfig.disableBackButton): pushes the current address
 * again whenever the user goes back, so the signed-in page stays. Returns the undo function.
 */
export function disableBackButton(target: Window = window): () => void {
  const stay = () => target.history.pushState(target.history.state, '', target.location.href);
  stay();
  target.addEventListener('popstate', stay);
  return () => target.removeEventListener('popstate', stay);
}
