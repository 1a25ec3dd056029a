import { randomInt, timingSafeEqual } from 'node:crypto';
import type { EmulatorContext } from '../context.js';
import type { Credential, User } from '../state/model.js';
import { channelFor } from '../state/outbox.js';
import { messageText } from './messageText.js';

export const OTP_LENGTH = 6;

export function randomOtp(): string {
  return randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

export function codesEqual(expected: string, actual: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(actual);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** "Sends" a fresh code to the credential's phone or mailbox: an outbox entry. */
export function deliverCode(ctx: EmulatorContext, user: User, credential: Credential): string {
  const code = randomOtp();
  const channel = channelFor(credential.credType);
  ctx.state.outbox.push({
    channel,
    to: credential.credValue,
    code,
    text: messageText(channel, code, ctx.config.portalOrigins[0]),
    userName: user.userName,
    sentAt: ctx.state.nowIso(),
  });
  return code;
}

export function credentialSummary(credential: Credential) {
  const { credId, credType, credValue, default: isDefault } = credential;
  return { credId, credType, credValue, default: isDefault };
}
