import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { FidoChallengeReplySchema } from '../src/api/schemas';
import { challengeActionMatches, readChallengeReply } from '../src/fido/challengeReply';
import { fidoTypeOf } from '../src/fido/fidoTypes';
import { CreationOptionsSchema, RequestOptionsSchema } from '../src/fido/publicKeyOptions';

const request = { challenge: 'Y2hhbGxlbmdl', allowCredentials: [{ id: 'Y3JlZA' }], rpId: 'localhost' };
const creation = {
  challenge: 'Y2g',
  rp: { name: 'Portal', id: 'localhost' },
  user: { id: 'dXNlcg', name: 'pat', displayName: 'Pat' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
};
const FIDO = fidoTypeOf('FIDO');
const SECURITYKEY = fidoTypeOf('SECURITYKEY');
const IN_DATA = 'Error in data from server';
const PROCESSING = 'Error processing data from server';

/** As the API client hands it over: parsed with the challenge reply schema. */
const received = (raw: unknown) => v.parse(FidoChallengeReplySchema, raw);

describe('readChallengeReply (sign-in)', () => {
  it.each([
    ['data', { data: request }],
    ['publicKey', { publicKey: request }],
    ['reply', request],
  ])('reads options in %s once the nextaction matches', (location, placed) => {
    const found = readChallengeReply(
      received({ nextaction: 'FIDO_AUTH_VERIFY_CHALLENGE', flowState: 'f', ...placed }),
      FIDO,
      'login',
      RequestOptionsSchema,
    );
    expect(found).toMatchObject({ ok: true, location, options: { challenge: 'Y2hhbGxlbmdl' } });
  });

  it("checks the nextaction first: another type's challenge is 'Error in data from server' even with valid options", () => {
    const reply = received({ nextaction: 'PASSKEY_AUTH_VERIFY_CHALLENGE', data: request });
    expect(readChallengeReply(reply, FIDO, 'login', RequestOptionsSchema)).toEqual({
      ok: false,
      message: IN_DATA,
    });
  });

  it("a wrong or missing nextaction is 'Error in data from server' whatever else the reply holds", () => {
    for (const raw of [
      { nextaction: 'PASSKEY_AUTH_VERIFY_CHALLENGE' },
      { nextaction: 'FIDO_AUTH_VERIFY_CHALLENGE', data: 'n/a', publicKey: 7 },
      { data: request },
      { nextaction: 42, data: request },
      { nextaction: 'FIDO_REGISTER_VERIFY_CHALLENGE', data: request },
      { nextaction: 'AUTH_ALLOWED', data: { status: 5, challenge: '' }, currentFactors: 'x' },
    ]) {
      expect(readChallengeReply(received(raw), SECURITYKEY, 'login', RequestOptionsSchema)).toEqual({
        ok: false,
        message: IN_DATA,
      });
    }
  });

  it("'Error processing data from server' only when the nextaction matches and no place parses", () => {
    for (const raw of [
      { nextaction: 'FIDO_AUTH_VERIFY_CHALLENGE' },
      { nextaction: 'FIDO_AUTH_VERIFY_CHALLENGE', data: { challenge: '' }, publicKey: null },
      { nextaction: 'FIDO_AUTH_VERIFY_CHALLENGE', data: 'n/a', publicKey: [request] },
    ]) {
      expect(readChallengeReply(received(raw), FIDO, 'login', RequestOptionsSchema)).toEqual({
        ok: false,
        message: PROCESSING,
      });
    }
  });
});

describe('readChallengeReply (registration)', () => {
  it('accepts a reply without a nextaction (the spec names none), with options in any place', () => {
    for (const [location, placed] of [
      ['data', { data: creation }],
      ['publicKey', { publicKey: creation }],
      ['reply', creation],
    ] as const) {
      expect(readChallengeReply(received(placed), FIDO, 'register', CreationOptionsSchema)).toMatchObject({
        ok: true,
        location,
        options: { user: { name: 'pat' } },
      });
    }
  });

  it("a nextaction that is present must be the type's registration challenge", () => {
    expect(challengeActionMatches({ nextaction: 'FIDO_REGISTER_VERIFY_CHALLENGE' }, FIDO, 'register')).toBe(
      true,
    );
    expect(challengeActionMatches({ nextaction: null }, FIDO, 'register')).toBe(true);
    expect(
      readChallengeReply(
        received({ nextaction: 'PASSKEY_REGISTER_VERIFY_CHALLENGE', data: creation }),
        FIDO,
        'register',
        CreationOptionsSchema,
      ),
    ).toEqual({ ok: false, message: IN_DATA });
    expect(
      readChallengeReply(
        received({ nextaction: 'FIDO_REGISTER_VERIFY_CHALLENGE', data: request }),
        FIDO,
        'register',
        CreationOptionsSchema,
      ),
    ).toEqual({ ok: false, message: PROCESSING });
  });
});

describe('FidoChallengeReplySchema', () => {
  it('refuses nothing that is a JSON object, keeping the fields that have their type', () => {
    const reply = received({
      nextaction: 'FIDO_AUTH_VERIFY_CHALLENGE',
      flowState: 'f',
      data: 'not an object',
      currentFactors: 'FIDO',
      publicKey: request,
    });
    expect(reply).toMatchObject({
      nextaction: 'FIDO_AUTH_VERIFY_CHALLENGE',
      flowState: 'f',
      publicKey: request,
    });
    expect(reply.data).toBeUndefined();
    expect(reply.currentFactors).toBeUndefined();
  });

  it('still refuses what is not an object (an unreadable reply)', () => {
    for (const raw of [[], 'text', 3, true]) expect(v.is(FidoChallengeReplySchema, raw)).toBe(false);
  });
});
