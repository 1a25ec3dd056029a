import * as v from 'valibot';

/** What a logout hands /signed-out in the navigation state: why the session ended. */
const SignedOutStateSchema = v.object({ signedOutFor: v.picklist(['idle', 'refreshFailed']) });
export type SignedOutState = v.InferOutput<typeof SignedOutStateSchema>;

/** Whether the session ended for inactivity (the navigation state, read through its schema). */
export function signedOutForInactivity(state: unknown): boolean {
  const parsed = v.safeParse(SignedOutStateSchema, state);
  return parsed.success && parsed.output.signedOutFor === 'idle';
}
