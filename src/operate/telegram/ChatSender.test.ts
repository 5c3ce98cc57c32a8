import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../clock/VirtualClock.ts';
import { ChatSender } from './ChatSender.ts';

/** A sender to chat 1 with the bot's own windows and limits (startTelegram's). */
function sender(clock: VirtualClock, send: (text: string, signal: AbortSignal) => Promise<void>) {
  const stats = { sent: 0, dropped: 0 };
  const s = new ChatSender(1, {
    clock,
    windowMs: 1_000,
    maxWindowMs: 60_000,
    timeoutMs: 10_000,
    maxPending: 500,
    send: (_chat, text, _silent, signal) => send(text, signal),
    onSent: () => {
      stats.sent++;
    },
    onDropped: (n) => {
      stats.dropped += n;
    },
  });
  return { s, stats };
}

describe('ChatSender', () => {
  it('200 fills posted within one second go as one message that counts them all', async () => {
    const clock = new VirtualClock(0);
    const texts: string[] = [];
    const { s, stats } = sender(clock, async (t) => void texts.push(t));
    for (let i = 0; i < 200; i++) {
      s.post({ kind: 'fills', silent: true, text: `fill ${i}` });
      await clock.advance(4);
    }
    await clock.advance(2_000);
    expect(texts).toEqual(['200 fills:\nfill 0\nfill 1\nfill 2\nfill 3\nfill 4\n…and 195 more']);
    expect(stats).toEqual({ sent: 1, dropped: 0 });
  });

  it('a halt during a burst goes after the base window, not the grown one', async () => {
    const clock = new VirtualClock(0);
    const at: number[] = [];
    const { s } = sender(clock, async () => void at.push(clock.now()));
    for (let t = 0; t < 3_000; t += 100) {
      s.post({ kind: 'fills', silent: true, text: 'fill' });
      await clock.advance(100);
    }
    // Sent at 1 s and 2 s; the window has grown to 4 s (next at 6 s).
    expect(at).toEqual([1_000, 2_000]);
    s.post({ kind: 'halts', silent: false, text: 'halted' });
    await clock.advance(1_000);
    expect(at).toEqual([1_000, 2_000, 4_000]);
  });

  it('close aborts a send that hangs, so no request outlives the bot', async () => {
    const clock = new VirtualClock(0);
    const signals: AbortSignal[] = [];
    const { s } = sender(clock, (_text, signal) => {
      signals.push(signal);
      return new Promise(() => {});
    });
    s.post({ kind: 'fills', silent: true, text: 'fill' });
    await clock.advance(1_000);
    expect(signals.map((x) => x.aborted)).toEqual([false]);
    s.close();
    expect(signals.map((x) => x.aborted)).toEqual([true]);
  });
});
