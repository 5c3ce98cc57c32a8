import { mask, redactText } from './redact.ts';

/** A piece of a secret this long is a leak: long enough to be no accident, short enough to catch a truncation. */
export const LEAK_PIECE = 16;
/** Pieces are found through the aligned blocks of this length every 16-character piece contains. */
const BLOCK = LEAK_PIECE / 2;
const EXCERPT_CONTEXT = 32;

export interface TappedOutput {
  readonly source: string;
  readonly text: string;
}

/** One secret found in one output. It holds no secret text: `secret` and `excerpt` are masked. */
export interface Leak {
  readonly source: string;
  /** The secret, masked to its first and last four characters. */
  readonly secret: string;
  /** How many characters of the secret appeared in one piece. */
  readonly length: number;
  readonly whole: boolean;
  /** The output around the leak, the leaked piece replaced by a marker, the rest redacted. */
  readonly excerpt: string;
}

interface Run {
  readonly start: number;
  readonly end: number;
}

/** The longest stretch around text[p, p+BLOCK) that equals the secret around offset `at`. */
function extend(text: string, p: number, secret: string, at: number): Run {
  let left = 0;
  while (p - left > 0 && at - left > 0 && text[p - left - 1] === secret[at - left - 1]) left++;
  let right = BLOCK;
  while (p + right < text.length && at + right < secret.length && text[p + right] === secret[at + right])
    right++;
  return { start: p - left, end: p + right };
}

/** Where one aligned block of a secret sits: the secret and the block's offset in it. */
interface BlockAt {
  readonly secret: string;
  readonly at: number;
  readonly block: string;
}

const HASH_BASE = 31;
/** HASH_BASE ** (BLOCK - 1), modulo 2^32: what the character leaving the window weighed. */
const HASH_TOP = (() => {
  let h = 1;
  for (let i = 1; i < BLOCK; i++) h = Math.imul(h, HASH_BASE) >>> 0;
  return h;
})();

function blockHash(s: string, from: number): number {
  let h = 0;
  for (let i = from; i < from + BLOCK; i++) h = (Math.imul(h, HASH_BASE) + s.charCodeAt(i)) >>> 0;
  return h;
}

/** The aligned blocks of every long secret, by their rolling hash. */
function blockIndex(secrets: readonly string[]): Map<number, BlockAt[]> {
  const index = new Map<number, BlockAt[]>();
  for (const secret of secrets) {
    if (secret.length < LEAK_PIECE) continue;
    for (let at = 0; at + BLOCK <= secret.length; at += BLOCK) {
      const h = blockHash(secret, at);
      const entry = { secret, at, block: secret.slice(at, at + BLOCK) };
      const list = index.get(h);
      if (list === undefined) index.set(h, [entry]);
      else list.push(entry);
    }
  }
  return index;
}

/**
 * Every stretch of `text` that is a 16+ character piece of one of the secrets (or the whole of a
 * shorter one), by secret. One pass over the text with a rolling hash of 8-character windows:
 * any 16-character piece contains one of its secret's aligned 8-character blocks, so a piece is
 * found from that block and extended both ways. Linear in the text, whatever the number of
 * secrets (a chaos run notes thousands of keys and tokens, and writes megabytes of events).
 */
function leakedRunsOf(
  text: string,
  secrets: readonly string[],
  index: Map<number, BlockAt[]>,
): Map<string, Run[]> {
  const out = new Map<string, Run[]>();
  const add = (secret: string, run: Run): void => {
    const runs = out.get(secret);
    if (runs === undefined) out.set(secret, [run]);
    else if (!runs.some((r) => r.start === run.start && r.end === run.end)) runs.push(run);
  };
  for (const secret of secrets) {
    if (secret.length >= LEAK_PIECE) continue;
    for (let p = text.indexOf(secret); p >= 0; p = text.indexOf(secret, p + 1))
      add(secret, { start: p, end: p + secret.length });
  }
  if (index.size === 0 || text.length < BLOCK) return out;
  let h = blockHash(text, 0);
  for (let p = 0; ; p++) {
    const hits = index.get(h);
    if (hits !== undefined)
      for (const b of hits) {
        if (!text.startsWith(b.block, p)) continue;
        const run = extend(text, p, b.secret, b.at);
        if (run.end - run.start >= LEAK_PIECE) add(b.secret, run);
      }
    if (p + BLOCK >= text.length) break;
    h =
      (Math.imul((h - Math.imul(text.charCodeAt(p), HASH_TOP)) >>> 0, HASH_BASE) +
        text.charCodeAt(p + BLOCK)) >>>
      0;
  }
  return out;
}

/** Outputs of one channel are scanned as one text, joined by a character no secret holds. */
const SEPARATOR = '\u0000';

function excerpt(text: string, run: Run, all: readonly Run[]): string {
  const lineStart = text.lastIndexOf(SEPARATOR, run.start) + 1;
  const lineEnd = text.indexOf(SEPARATOR, run.end);
  const end = lineEnd < 0 ? text.length : lineEnd;
  const from = Math.max(lineStart, run.start - EXCERPT_CONTEXT);
  const to = Math.min(end, run.end + EXCERPT_CONTEXT);
  let out = '';
  let at = from;
  for (const r of [...all].sort((a, b) => a.start - b.start)) {
    if (r.end <= at || r.start >= to) continue;
    out += redactText(text.slice(at, Math.max(at, r.start)));
    out += `‹${r.end - r.start} characters of a secret›`;
    at = r.end;
  }
  if (at < to) out += redactText(text.slice(at, to));
  return `${from > lineStart ? '…' : ''}${out}${to < end ? '…' : ''}`.replace(/\s+/g, ' ');
}

/**
 * Scans outputs for secrets, whole or in part (any 16+ character piece). At most one leak is
 * reported per secret and channel: the longest. `allowed` may excuse a secret in one channel.
 */
export function findLeaks(
  secrets: Iterable<string>,
  outputs: readonly TappedOutput[],
  allowed: (source: string, secret: string) => boolean = () => false,
): Leak[] {
  const leaks: Leak[] = [];
  const list = [...new Set(secrets)].filter((s) => s.length > 0 && !s.includes(SEPARATOR));
  if (list.length === 0) return leaks;
  const bySource = new Map<string, string[]>();
  for (const { source, text } of outputs) {
    const texts = bySource.get(source);
    if (texts === undefined) bySource.set(source, [text]);
    else texts.push(text);
  }
  const channels = [...bySource].map(([source, texts]) => ({ source, text: texts.join(SEPARATOR) }));
  const index = blockIndex(list);
  const found = channels.map(({ source, text }) => ({ source, text, runs: leakedRunsOf(text, list, index) }));
  for (const secret of list) {
    for (const { source, text, runs } of found) {
      const mine = runs.get(secret);
      if (mine === undefined || allowed(source, secret)) continue;
      const run = mine.reduce((a, b) => (b.end - b.start > a.end - a.start ? b : a));
      const length = run.end - run.start;
      leaks.push({
        source,
        secret: mask(secret),
        length,
        whole: length === secret.length,
        excerpt: excerpt(text, run, [...runs.values()].flat()),
      });
    }
  }
  return leaks;
}

/** One line per leak, for a failing test: names the channel, never shows the secret. */
export function describeLeaks(leaks: readonly Leak[]): string {
  return leaks
    .map(
      (l) =>
        `${l.source}: ${l.whole ? 'the whole' : `${l.length} characters`} of secret ${l.secret} in ${JSON.stringify(l.excerpt)}`,
    )
    .join('\n');
}
