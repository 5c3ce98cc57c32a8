import { interval, type Subscription, timer } from 'rxjs';
import type { Kernel } from '../../kernel/Kernel.ts';
import type { PushMessage } from '../api/contract.ts';
import { LiveState } from '../api/liveState.ts';
import type { BotIdentity } from '../api/views.ts';
import type { NoticeKind } from './composeNotices.ts';
import { dailyReply, money } from './replies.ts';

const DAY_MS = 86_400_000;

/**
 * What the operator hears about, from the same push channel the console reads (LiveState): fills,
 * warnings and errors, a position newly unprotected, a change of trading state; and on the bot's
 * clock the daily summary (00:00 UTC) and a heartbeat.
 */
export function kernelNotices(
  k: Kernel,
  id: BotIdentity,
  heartbeatMs: number,
  post: (kind: NoticeKind, text: string) => void,
): { stop(): void } {
  let tradingState: string | undefined;
  let bare = new Set<string>();
  const onPush = (m: PushMessage): void => {
    if (m.type === 'fill') {
      const f = m.data;
      post('fills', `${f.market} ${f.side} ${f.action} ${f.quantity} @ ${money(f.price)} · ${f.strategy}`);
    } else if (m.type === 'alert' && m.data.level !== 'info') {
      post('alerts', `${m.data.level === 'error' ? '🛑' : '⚠'} ${m.data.text}`);
    } else if (m.type === 'positions') {
      const now = new Set<string>();
      for (const p of m.data.filter((x) => x.unprotected)) {
        const key = `${p.market} ${p.side} ${p.strategy}`;
        now.add(key);
        if (!bare.has(key))
          post(
            'unprotected',
            `⚠ Unprotected: ${p.market} ${p.side} ${p.quantity} (${p.strategy}), no TP/SL at the venue`,
          );
      }
      bare = now;
    } else if (m.type === 'bot') {
      const s = m.data.tradingState;
      if (tradingState !== undefined && s !== tradingState)
        post(
          'halts',
          `${s === 'ACTIVE' ? '▶' : '⏸'} Trading ${s}${m.data.stateReason === undefined ? '' : `: ${m.data.stateReason}`}`,
        );
      tradingState = s;
    }
  };
  const state = new LiveState(k, id, onPush);
  state.start();
  const clock = k.executor.clock;
  const now = clock.now();
  const subs: Subscription[] = [
    timer(DAY_MS - (now % DAY_MS), DAY_MS, clock.scheduler).subscribe(() =>
      post('dailySummary', dailyReply(k)),
    ),
    interval(heartbeatMs, clock.scheduler).subscribe(() =>
      post(
        'heartbeat',
        `♥ ${id.name} alive · ${tradingState ?? '?'} · ${k.executor.ledger.openLots().length} positions`,
      ),
    ),
  ];
  return {
    stop: () => {
      state.stop();
      for (const s of subs) s.unsubscribe();
    },
  };
}
