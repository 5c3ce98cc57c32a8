import { redactText } from '../../log/redact.ts';
import type { Notification, WebhookFormat } from './Notification.ts';

/** Discord refuses a message over 2,000 characters; Slack's limit is far higher. */
const DISCORD_MAX = 2_000;
const ICON = { info: 'ℹ️', warning: '⚠️', critical: '🚨' } as const;

/** The format a webhook URL expects when the config does not say: by its well-known hosts. */
export function formatOf(url: URL): WebhookFormat {
  if (url.hostname === 'hooks.slack.com') return 'slack';
  if (/(^|\.)discord(app)?\.com$/.test(url.hostname) && url.pathname.startsWith('/api/webhooks/'))
    return 'discord';
  return 'json';
}

/**
 * The body for one notification. Every text passes the redactor: a strategy's reason or a venue's
 * message could carry a key or a token, and a chat channel is a log that many people read.
 */
export function webhookPayload(format: WebhookFormat, n: Notification): object {
  const text = redactText(
    `${ICON[n.severity]} *perpflow* ${n.title}${n.lines.length > 0 ? `\n${n.lines.join('\n')}` : ''}`,
  );
  if (format === 'slack') return { text };
  const content = text.length > DISCORD_MAX ? `${text.slice(0, DISCORD_MAX - 1)}…` : text;
  if (format === 'discord') return { content };
  return {
    text,
    content,
    notification: {
      kind: n.kind,
      severity: n.severity,
      title: redactText(n.title),
      lines: n.lines.map(redactText),
      at: new Date(n.at).toISOString(),
    },
  };
}
