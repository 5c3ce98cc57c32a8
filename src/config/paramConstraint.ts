/** A relation between two searched parameters (or a parameter and a number): `fast < slow`. */
export interface ParamConstraint {
  readonly left: string | number;
  readonly op: ConstraintOp;
  readonly right: string | number;
  readonly text: string;
}

export const CONSTRAINT_OPS = ['<=', '>=', '!=', '<', '>'] as const;
export type ConstraintOp = (typeof CONSTRAINT_OPS)[number];

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const NUMBER = /^-?\d+(\.\d+)?(e-?\d+)?$/;
const SHAPE = /^\s*(\S+)\s*(<=|>=|!=|<|>)\s*(\S+)\s*$/;

/**
 * Parses `A op B` strictly (never evaluated as code): each side a parameter name or a number,
 * op one of <, <=, >, >=, !=. `known` are the parameters the relation may name. Returns the
 * relation, or the reason it is refused.
 */
export function parseConstraint(
  text: string,
  known: ReadonlySet<string>,
):
  | { readonly ok: true; readonly constraint: ParamConstraint }
  | { readonly ok: false; readonly reason: string } {
  const m = SHAPE.exec(text);
  if (m === null)
    return {
      ok: false,
      reason: `"${text}": expected A OP B with OP one of <, <=, >, >=, !=, like "fast < slow"`,
    };
  const [, a = '', opText = '', b = ''] = m;
  const op = CONSTRAINT_OPS.find((o) => o === opText) ?? '<';
  const side = (s: string): string | number | { reason: string } => {
    if (NUMBER.test(s)) return Number(s);
    if (!NAME.test(s)) return { reason: `"${text}": ${s} is neither a parameter name nor a number` };
    if (!known.has(s))
      return {
        reason: `"${text}": ${s} is not a searched parameter (searched: ${[...known].join(', ') || 'none'})`,
      };
    return s;
  };
  const left = side(a);
  const right = side(b);
  if (typeof left === 'object') return { ok: false, reason: left.reason };
  if (typeof right === 'object') return { ok: false, reason: right.reason };
  if (typeof left === 'number' && typeof right === 'number')
    return { ok: false, reason: `"${text}": names no parameter` };
  return {
    ok: true,
    constraint: {
      left,
      op,
      right,
      text,
    },
  };
}

/** Whether the point keeps the relation; a side that is not a number fails it. */
export function holds(c: ParamConstraint, point: Readonly<Record<string, unknown>>): boolean {
  const value = (s: string | number) => (typeof s === 'number' ? s : point[s]);
  const a = value(c.left);
  const b = value(c.right);
  if (typeof a !== 'number' || typeof b !== 'number') return false;
  switch (c.op) {
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '!=':
      return a !== b;
  }
}
