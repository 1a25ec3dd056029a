import * as v from 'valibot';
import { replyLimitIssue } from './replyLimits';
import { type UserInfo, UserInfoSchema } from './schemas';

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The userinfo reply is text: either JSON, or a signed token (header.payload.signature) whose
 * payload has `name`. The signature is not checked here: the service sent it over TLS to us.
 */
export function decodeUserInfo(text: string): UserInfo | undefined {
  const trimmed = text.trim();
  let candidate = parseJson(trimmed);
  if (candidate === undefined) {
    const payload = trimmed.split('.')[1];
    if (payload === undefined) return undefined;
    try {
      candidate = parseJson(base64UrlDecode(payload));
    } catch {
      return undefined;
    }
  }
  // A list, a name over its limit, or no name at all (spec section 7: the payload has `name`) is a
  // reply of the wrong shape: the user is told, not greeted with whatever part of it would parse.
  if (Array.isArray(candidate) || replyLimitIssue(candidate) !== null) return undefined;
  const parsed = v.safeParse(UserInfoSchema, candidate);
  return parsed.success && typeof parsed.output.name === 'string' && parsed.output.name.trim() !== ''
    ? parsed.output
    : undefined;
}

/** Valibot schema turning the userinfo text into its fields, so the reply is parsed like any other. */
export const UserInfoTextSchema = v.pipe(
  v.string(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const info = decodeUserInfo(dataset.value);
    if (info) return info;
    addIssue({ message: 'userinfo is neither JSON nor a signed token with a payload' });
    return NEVER;
  }),
);
