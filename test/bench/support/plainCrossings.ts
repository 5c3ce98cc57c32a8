/**
 * The baseline of strategiesProcess.bench.ts: a plain Node program, what a person would write by
 * hand. It reads a CSV of bars (time,open,high,low,close,volume), takes the closes into a
 * Float64Array and counts, for each `fast/slow` pair given, the strict crossings of the two simple
 * moving averages (running sums) from the first bar on which both exist; prints them as JSON.
 * Usage: node plainCrossings.ts FILE 200/800 300/1000 …
 */
import { readFileSync } from 'node:fs';

const [file, ...pairs] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: plainCrossings.ts FILE FAST/SLOW…');
const lines = readFileSync(file, 'utf8').split('\n');
const closes = new Float64Array(lines.length);
let n = 0;
for (let i = 1; i < lines.length; i++) {
  const line = lines[i] as string;
  if (line.length === 0) continue;
  const end = line.lastIndexOf(',');
  closes[n++] = Number(line.slice(line.lastIndexOf(',', end - 1) + 1, end));
}

const counts = pairs.map((pair) => {
  const [fast, slow] = pair.split('/').map(Number) as [number, number];
  let sf = 0;
  let ss = 0;
  let prev = Number.NaN;
  let crossings = 0;
  for (let i = 0; i < n; i++) {
    const v = closes[i] as number;
    sf += v;
    ss += v;
    if (i >= fast) sf -= closes[i - fast] as number;
    if (i >= slow) ss -= closes[i - slow] as number;
    if (i < slow - 1) continue;
    const diff = sf / fast - ss / slow;
    if ((prev < 0 && diff > 0) || (prev > 0 && diff < 0)) crossings++;
    prev = diff;
  }
  return { pair, crossings };
});
process.stdout.write(`${JSON.stringify({ bars: n, counts })}\n`);
