/** API results as the client returns them, for the pure registration logic (beginRegistration). */
export const ok = <T>(data: T) => ({ ok: true as const, data, status: 200 });
export const httpError = (message: string) => ({
  ok: false as const,
  error: { kind: 'http' as const, message, status: 400 },
});
