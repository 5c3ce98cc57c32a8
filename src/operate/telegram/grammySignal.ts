import type { Api } from 'grammy';

type GrammySignal = NonNullable<Parameters<Api['getMe']>[0]>;

/** What grammY checks of a signal before it uses it (client.js validateSignal): it listens for abort. */
function listensForAbort(s: unknown): s is GrammySignal {
  return typeof s === 'object' && s !== null && typeof Reflect.get(s, 'addEventListener') === 'function';
}

/**
 * grammY types its abort signal as the abort-controller package's; at run time it takes Node's,
 * which has all grammY uses of it. The one conversion, checked rather than cast.
 */
export function grammySignal(s: AbortSignal): GrammySignal {
  if (listensForAbort(s)) return s;
  throw new TypeError('not an abort signal');
}
