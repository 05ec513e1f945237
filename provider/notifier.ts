import type { Executor } from "./db/database";
import { insertOutboxMessage } from "./db/repositories/sms-outbox";

export interface OneTimeCodeMessage {
  phone: string;
  code: string;
  oneTimeCodeId: number;
  expiresAt: Date;
  sentAt: Date;
}

/** Delivers one-time codes. A real deployment would plug in an SMS gateway here. */
export interface Notifier {
  sendOneTimeCode(message: OneTimeCodeMessage): Promise<void>;
}

export function smsText(code: string): string {
  return `Your password reset code is ${code}. It expires in 10 minutes.`;
}

/** Writes the line the docs promise: `[notifier] sms to <phone>: <code>`. */
export const logNotifier: Notifier = {
  async sendOneTimeCode({ phone, code }) {
    console.log(`[notifier] sms to ${phone}: ${code}`);
  },
};

/** Keeps the message in `sms_outbox` so the operator endpoint / CLI can read it from any process. */
export function outboxNotifier(db: Executor): Notifier {
  return {
    async sendOneTimeCode({ phone, code, oneTimeCodeId, sentAt }) {
      await insertOutboxMessage(db, {
        phone,
        body: smsText(code),
        code,
        one_time_code_id: oneTimeCodeId,
        created_at: sentAt,
      });
    },
  };
}

export function combineNotifiers(...notifiers: Notifier[]): Notifier {
  return {
    async sendOneTimeCode(message) {
      for (const n of notifiers) await n.sendOneTimeCode(message);
    },
  };
}

/** For tests: remembers every message. */
export function memoryNotifier(): Notifier & {
  sent: OneTimeCodeMessage[];
  last(phone: string): OneTimeCodeMessage | undefined;
} {
  const sent: OneTimeCodeMessage[] = [];
  return {
    sent,
    async sendOneTimeCode(message) {
      sent.push(message);
    },
    last(phone) {
      return [...sent].reverse().find((m) => m.phone === phone);
    },
  };
}
