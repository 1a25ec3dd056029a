/**
 * The authenticator's secret as people type it: upper case, in groups of four (authenticator
 * apps ignore the spaces). Any padding is dropped.
 */
export function setupKeyGroups(secret: string): string {
  const key = secret.replace(/[\s=]/g, '').toUpperCase();
  return key.match(/.{1,4}/g)?.join(' ') ?? '';
}
