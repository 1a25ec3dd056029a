import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { listWhereObjectBelongs } from '../src/api/listWhereObjectBelongs';

const Reply = v.object({
  status: v.optional(v.string()),
  data: v.optional(
    v.object({
      status: v.optional(v.string()),
      additional: v.optional(v.looseObject({ trustedDeviceId: v.optional(v.string()) })),
      options: v.optional(v.array(v.object({ id: v.string() }))),
      names: v.optional(v.record(v.string(), v.string())),
    }),
  ),
});

describe('a list where a reply object belongs (valibot takes one for an object)', () => {
  it('passes a well-formed reply, with its real lists', () => {
    expect(listWhereObjectBelongs(Reply, { status: 'PENDING', data: { options: [{ id: 'a' }] } })).toBeNull();
    expect(listWhereObjectBelongs(Reply, { data: null })).toBeNull();
    // valibot itself would take these: the point of the check.
    expect(v.safeParse(Reply, { data: [] }).success).toBe(true);
  });

  it('names the place of a list at the top, inside, in a list item and in a record', () => {
    expect(listWhereObjectBelongs(Reply, [])).toBe('the reply is a list where an object belongs');
    expect(listWhereObjectBelongs(Reply, { data: [] })).toBe('data is a list where an object belongs');
    expect(listWhereObjectBelongs(Reply, { data: { additional: ['x'] } })).toBe(
      'data.additional is a list where an object belongs',
    );
    expect(listWhereObjectBelongs(Reply, { data: { options: [[]] } })).toBe(
      'data.options[0] is a list where an object belongs',
    );
    expect(listWhereObjectBelongs(Reply, { data: { names: [] } })).toBe(
      'data.names is a list where an object belongs',
    );
  });

  it('through a pipe, and a union only when no option takes the value', () => {
    const Piped = v.pipe(
      Reply,
      v.transform((reply) => reply),
    );
    expect(listWhereObjectBelongs(Piped, { data: [] })).toBe('data is a list where an object belongs');
    const Either = v.union([v.object({ a: v.optional(v.string()) }), v.array(v.string())]);
    expect(listWhereObjectBelongs(Either, ['x'])).toBeNull();
    const Objects = v.union([v.object({ a: v.string() }), v.object({ b: v.string() })]);
    expect(listWhereObjectBelongs(Objects, [])).toBe('the reply is a list where an object belongs');
  });
});
