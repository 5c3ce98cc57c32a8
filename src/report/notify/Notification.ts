/** Something an operator should hear about, in words, from a running bot. */
export interface Notification {
  readonly kind: 'fill' | 'denial' | 'halt' | 'unknownOutcome' | 'alert' | 'summary';
  readonly severity: 'info' | 'warning' | 'critical';
  readonly title: string;
  /** Detail lines: "BTCUSDT LONG 0.01 @ 64,210.5", "reason: MAX_OPEN_POSITIONS" … */
  readonly lines: readonly string[];
  /** Epoch milliseconds, from the bot's clock. */
  readonly at: number;
}

/** Which JSON a webhook receives: Slack's `{text}`, Discord's `{content}`, or both plus the fields. */
export type WebhookFormat = 'slack' | 'discord' | 'json';
