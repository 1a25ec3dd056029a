import * as v from 'valibot';

/** Router state that opens self-service with the 'new credential added' notice. */
export const newCredAddedState = { newCredAdded: true } as const;

const NewCredAddedSchema = v.looseObject({ newCredAdded: v.literal(true) });

/** Whether the router state says a credential was just added. */
export function hasNewCredAdded(state: unknown): boolean {
  return v.is(NewCredAddedSchema, state);
}
