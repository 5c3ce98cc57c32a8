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

/** Every stretch of `text` that is a 16+ character piece of `secret` (or the whole of a shorter one). */
function leakedRuns(text: string, secret: string): Run[] {
  const runs: Run[] = [];
  if (secret.length < LEAK_PIECE) {
    for (let p = text.indexOf(secret); p >= 0; p = text.indexOf(secret, p + 1))
      runs.push({ start: p, end: p + secret.length });
    return runs;
  }
  for (let at = 0; at + BLOCK <= secret.length; at += BLOCK) {
    const block = secret.slice(at, at + BLOCK);
    for (let p = text.indexOf(block); p >= 0; p = text.indexOf(block, p + 1)) {
      const run = extend(text, p, secret, at);
      if (run.end - run.start >= LEAK_PIECE && !runs.some((r) => r.start === run.start && r.end === run.end))
        runs.push(run);
    }
  }
  return runs;
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
  for (const secret of list) {
    const worst = new Map<string, { run: Run; text: string; all: Run[] }>();
    for (const { source, text } of channels) {
      const runs = leakedRuns(text, secret);
      for (const run of runs) {
        const seen = worst.get(source);
        if (seen === undefined || run.end - run.start > seen.run.end - seen.run.start)
          worst.set(source, {
            run,
            text,
            all: list.flatMap((s) => (s === secret ? runs : leakedRuns(text, s))),
          });
      }
    }
    for (const [source, { run, text, all }] of worst) {
      if (allowed(source, secret)) continue;
      const length = run.end - run.start;
      leaks.push({
        source,
        secret: mask(secret),
        length,
        whole: length === secret.length,
        excerpt: excerpt(text, run, all),
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
