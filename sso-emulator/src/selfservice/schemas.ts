import * as v from 'valibot';

export const CredIdParamsSchema = v.object({ credId: v.pipe(v.string(), v.minLength(1)) });

export const CredUpdateBodySchema = v.pipe(
  v.object({
    default: v.optional(v.boolean()),
    status: v.optional(v.picklist(['ACTIVE', 'INACTIVE'])),
  }),
  v.check((b) => b.default !== undefined || b.status !== undefined, 'default or status is required'),
);

/** MeStepUp (our design, not the spec's): the fresh factor and the credentials about to be deleted. */
export const StepUpBodySchema = v.object({
  password: v.pipe(v.string(), v.minLength(1)),
  credIds: v.pipe(v.array(v.pipe(v.string(), v.minLength(1))), v.minLength(1), v.maxLength(100)),
});
