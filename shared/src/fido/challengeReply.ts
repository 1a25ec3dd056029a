import type * as v from 'valibot';
import { messages } from '../messages/en_US';
import { expectedChallengeAction, type FidoType } from './fidoTypes';
import { type FoundOptions, findPublicKeyOptions } from './publicKeyOptions';

/**
 * The one reading of a FIDO challenge reply (spec section 4, 'FIDO login'), for the sign-in
 * screen (login and inline registration) and self-service registration alike, in the spec's order:
 *
 * 1. The nextaction first. Sign-in: it must be the type's `<T>_AUTH_VERIFY_CHALLENGE`; anything
 *    else, or none, is 'Error in data from server', whatever else the reply holds (valid options
 *    for another type must not start a prompt). Registration: the spec names no nextaction for
 *    the registration challenge, so none is accepted; one that is present must be the type's
 *    `<T>_REGISTER_VERIFY_CHALLENGE`.
 * 2. Then the public-key options, wherever they sit (publicKeyOptions: `data`, `publicKey`, the
 *    reply itself); 'Error processing data from server' only when no place parses.
 *
 * A reply that is not a JSON object at all never gets here: the API client calls it malformed,
 * which the screens also show as 'Error processing data from server'.
 */

export type ChallengeMode = 'login' | 'register';

/** Whether the reply's nextaction fits the type and mode (registration may leave it out). */
export function challengeActionMatches(
  reply: Readonly<Record<string, unknown>>,
  row: FidoType,
  mode: ChallengeMode,
): boolean {
  const action = reply.nextaction;
  if (mode === 'register' && (action === undefined || action === null)) return true;
  return action === expectedChallengeAction(row, mode);
}

/** The reply's options for the browser prompt, or the message the screen shows instead. */
export function readChallengeReply<S extends v.GenericSchema>(
  reply: Readonly<Record<string, unknown>>,
  row: FidoType,
  mode: ChallengeMode,
  schema: S,
): FoundOptions<v.InferOutput<S>> {
  // A getter: the words are read where the message is shown, in the locale of that moment.
  if (!challengeActionMatches(reply, row, mode))
    return {
      ok: false,
      get message() {
        return messages.fido.errorInData;
      },
    };
  return findPublicKeyOptions(reply, schema);
}
