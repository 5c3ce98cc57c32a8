import { z } from 'zod';
import { type ParamConstraint, parseConstraint } from './paramConstraint.ts';
import type { OptimizeSection } from './sections/optimize.ts';

export type Choice = string | number | boolean;

/** One searched parameter's values: numbers take bounds, a step and a log scale; enums are choices. */
export type ParamDomain =
  | {
      readonly kind: 'float';
      readonly low: number;
      readonly high: number;
      readonly log: boolean;
      readonly step?: number;
    }
  | {
      readonly kind: 'int';
      readonly low: number;
      readonly high: number;
      readonly log: boolean;
      readonly step: number;
    }
  | { readonly kind: 'categorical'; readonly choices: readonly Choice[] };

export interface SearchSpace {
  readonly params: readonly { readonly name: string; readonly domain: ParamDomain }[];
  readonly constraints: readonly ParamConstraint[];
}

/** A problem in the `optimize` section, by its path inside the section. */
export interface SpaceProblem {
  readonly path: readonly (string | number)[];
  readonly message: string;
  /** The key is wrong (a parameter the schema lacks), not its value. */
  readonly key?: true;
}

/** What the search reads of a parameter's JSON Schema (zod's own rendering of the params). */
const propertySchema = z.looseObject({
  type: z.string().optional(),
  enum: z.array(z.union([z.string(), z.number(), z.boolean()])).optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  exclusiveMinimum: z.number().optional(),
  exclusiveMaximum: z.number().optional(),
});
type PropertySchema = z.output<typeof propertySchema>;
const propertiesSchema = z.looseObject({ properties: z.record(z.string(), z.unknown()).default({}) });

/** Each parameter's schema; one the search cannot read (a union, say) is an empty one: not searchable. */
function properties(schema: z.ZodType): Readonly<Record<string, PropertySchema>> {
  const json = propertiesSchema.safeParse(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
  if (!json.success) return {};
  return Object.fromEntries(
    Object.entries(json.data.properties).map(([k, v]) => {
      const p = propertySchema.safeParse(v);
      return [k, p.success ? p.data : {}];
    }),
  );
}

function numberDomain(
  name: string,
  range: readonly Choice[],
  p: PropertySchema,
  problem: (path: readonly (string | number)[], message: string) => void,
): ParamDomain | undefined {
  const int = p.type === 'integer';
  const [low, high, ...options] = range;
  if (typeof low !== 'number' || typeof high !== 'number' || !(low < high)) {
    problem(
      [name],
      `expected [LOW, HIGH] with numbers LOW < HIGH, then optionally log or a STEP, like [5, 50, log]`,
    );
    return undefined;
  }
  let log = false;
  let step: number | undefined;
  for (const [k, o] of options.entries()) {
    if (o === 'log' && !log) log = true;
    else if (typeof o === 'number' && o > 0 && step === undefined) step = o;
    else {
      problem([name, k + 2], `expected log or a step (a number > 0), got ${JSON.stringify(o)}`);
      return undefined;
    }
  }
  if (log && step !== undefined) {
    problem([name], 'a log scale takes no step (as Optuna): drop one');
    return undefined;
  }
  if (log && low <= 0) {
    problem([name, 0], `a log scale needs LOW > 0, got ${low}`);
    return undefined;
  }
  if (int && ![low, high, step ?? 1].every(Number.isInteger)) {
    problem([name], `${name} is an integer parameter: LOW, HIGH and STEP must be integers`);
    return undefined;
  }
  const below =
    (p.minimum !== undefined && low < p.minimum) ||
    (p.exclusiveMinimum !== undefined && low <= p.exclusiveMinimum);
  const above =
    (p.maximum !== undefined && high > p.maximum) ||
    (p.exclusiveMaximum !== undefined && high >= p.exclusiveMaximum);
  if (below || above) {
    const lo =
      p.minimum !== undefined
        ? `≥ ${p.minimum}`
        : p.exclusiveMinimum !== undefined
          ? `> ${p.exclusiveMinimum}`
          : '';
    const hi =
      p.maximum !== undefined
        ? `≤ ${p.maximum}`
        : p.exclusiveMaximum !== undefined
          ? `< ${p.exclusiveMaximum}`
          : '';
    problem(
      [name, below ? 0 : 1],
      `outside the strategy's schema: ${name} must be ${[lo, hi].filter((s) => s !== '').join(' and ')}`,
    );
    return undefined;
  }
  if (int) return { kind: 'int', low, high, log, step: step ?? 1 };
  return step === undefined ? { kind: 'float', low, high, log } : { kind: 'float', low, high, log, step };
}

/**
 * The search space of a strategy's `optimize` section, read against the strategy's own zod
 * param schema: a key the schema lacks, a range outside the schema's bounds, a choice that is not
 * a member, or a malformed constraint is a problem at its path in the section.
 */
export function searchSpace(
  schema: z.ZodType,
  section: OptimizeSection,
): { readonly space: SearchSpace; readonly problems: readonly SpaceProblem[] } {
  const props = properties(schema);
  const problems: SpaceProblem[] = [];
  const problem = (path: readonly (string | number)[], message: string) => problems.push({ path, message });
  const params: { name: string; domain: ParamDomain }[] = [];
  for (const [name, range] of Object.entries(section)) {
    if (name === 'constraints' || !Array.isArray(range)) continue;
    const p = props[name];
    if (p === undefined) {
      problems.push({
        path: [name],
        message: `the strategy has no parameter ${name} (its parameters: ${Object.keys(props).join(', ')})`,
        key: true,
      });
      continue;
    }
    if (p.enum !== undefined || p.type === 'boolean') {
      const members: readonly Choice[] = p.enum ?? [true, false];
      const bad = range.findIndex((c) => !members.includes(c));
      if (bad >= 0)
        problem(
          [name, bad],
          `${JSON.stringify(range[bad])} is not one of ${members.map((m) => JSON.stringify(m)).join(', ')}`,
        );
      else params.push({ name, domain: { kind: 'categorical', choices: [...new Set(range)] } });
      continue;
    }
    if (p.type !== 'number' && p.type !== 'integer') {
      problem([name], `${name} is neither a number nor a choice: it cannot be searched`);
      continue;
    }
    const domain = numberDomain(name, range, p, problem);
    if (domain !== undefined) params.push({ name, domain });
  }
  // Every numeric parameter the section names, valid range or not: one mistake is said once.
  const numeric = new Set(
    Object.keys(section).filter((k) => {
      const t = props[k];
      return k !== 'constraints' && t?.enum === undefined && (t?.type === 'number' || t?.type === 'integer');
    }),
  );
  const constraints: ParamConstraint[] = [];
  (section.constraints ?? []).forEach((text, i) => {
    const parsed = parseConstraint(text, numeric);
    if (parsed.ok) constraints.push(parsed.constraint);
    else problem(['constraints', i], parsed.reason);
  });
  return { space: { params, constraints }, problems };
}
