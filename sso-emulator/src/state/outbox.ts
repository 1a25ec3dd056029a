import type { CredType } from './model.js';

export type OutboxChannel = 'sms' | 'email' | 'voice';

/** A code "sent" to a phone or mailbox; tests read it as they would read a test phone. */
export interface OutboxEntry {
  channel: OutboxChannel;
  to: string;
  code: string;
  /** The message as the phone or mailbox shows it (an SMS ends with its WebOTP line). */
  text: string;
  userName: string;
  sentAt: string;
}

export function channelFor(credType: CredType): OutboxChannel {
  if (credType === 'email') return 'email';
  if (credType === 'ivr') return 'voice';
  return 'sms';
}
