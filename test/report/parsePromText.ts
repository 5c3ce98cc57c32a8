/** One sample of the Prometheus text exposition format. */
export interface PromSample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: (-?\\d+))?$`);
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(?:,|$)/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/**
 * A strict reader of the text format (version 0.0.4): every line a HELP, a TYPE or a sample of a
 * declared family, labels quoted and escaped, values floats. Throws naming the line on anything else.
 */
export function parsePromText(text: string): PromSample[] {
  const types = new Map<string, string>();
  const out: PromSample[] = [];
  text.split('\n').forEach((line, i) => {
    const fail = (why: string): never => {
      throw new Error(`line ${i + 1}: ${why}: ${line}`);
    };
    if (line === '') return;
    if (line.startsWith('# HELP ')) {
      if (!new RegExp(`^# HELP ${NAME} .*$`).test(line)) fail('bad HELP');
      return;
    }
    if (line.startsWith('# TYPE ')) {
      const [, , name, type] = line.split(' ');
      if (name === undefined || type === undefined || !TYPES.has(type)) fail('bad TYPE');
      types.set(name as string, type as string);
      return;
    }
    if (line.startsWith('#')) return;
    const m = SAMPLE.exec(line) ?? fail('not a sample');
    const name = m[1] as string;
    const family = name.replace(/_(bucket|sum|count|total|created)$/, '');
    if (!types.has(name) && !types.has(family)) fail(`sample of an undeclared family ${family}`);
    const labels: Record<string, string> = {};
    let rest = m[2] ?? '';
    while (rest.length > 0) {
      const l = LABEL.exec(rest) ?? fail('bad label');
      labels[l[1] as string] = l[2] as string;
      rest = rest.slice(l[0].length);
    }
    // Prometheus reads values with Go's ParseFloat: NaN and Inf in any letter case (prom-client writes "Nan").
    const raw = (m[3] as string).toLowerCase();
    const value = /^[+]?inf$/.test(raw) ? Infinity : raw === '-inf' ? -Infinity : Number(raw);
    if (raw !== 'nan' && Number.isNaN(value)) fail('bad value');
    out.push({ name, labels, value });
  });
  return out;
}
