import type { TelegramConfig } from '../../config/sections/telegram.ts';

/** The kinds of notification: the keys of `telegram.notify`, each set on, silent or off there. */
export type NoticeKind = keyof TelegramConfig['notify'];

export interface Notice {
  readonly kind: NoticeKind;
  readonly silent: boolean;
  readonly text: string;
}

const LABEL: Readonly<Record<NoticeKind, string>> = {
  fills: 'fills',
  alerts: 'alerts',
  unprotected: 'unprotected positions',
  halts: 'trading state changes',
  dailySummary: 'daily summaries',
  heartbeat: 'heartbeats',
};
/** Lines of one kind shown in a coalesced message; a phone screen, not a log. */
const SHOWN = 5;
/** Telegram refuses a message over 4096 characters. */
const MAX_CHARS = 3_500;

/** Many notices as one message: each kind's count, its first few, "…and N more". */
export function composeNotices(batch: readonly Notice[]): string {
  const byKind = new Map<NoticeKind, string[]>();
  for (const n of batch) {
    const list = byKind.get(n.kind) ?? [];
    list.push(n.text);
    byKind.set(n.kind, list);
  }
  const parts: string[] = [];
  for (const [kind, texts] of byKind) {
    if (texts.length === 1) parts.push(texts[0] ?? '');
    else {
      const more = texts.length > SHOWN ? [`…and ${texts.length - SHOWN} more`] : [];
      parts.push([`${texts.length} ${LABEL[kind]}:`, ...texts.slice(0, SHOWN), ...more].join('\n'));
    }
  }
  const text = parts.join('\n\n');
  return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}…` : text;
}
