// @ts-check
// The console's one door to the control API (/api/v1): JSON in and out, the session cookie on
// every call, the CSRF token on every write.

/** @typedef {import('../../../api/contract.ts').OperatorAction} OperatorAction */
/** @typedef {import('../../../api/contract.ts').ActionOutcome} ActionOutcome */
/** @typedef {{ readonly user: string, readonly role: import('../../../api/contract.ts').Role, readonly csrfToken: string }} Session */

export const API = '/api/v1';

let csrfToken = '';

/** An answer other than 2xx, with the server's message when it gave one. */
export class ApiError extends Error {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** @param {Response} res */
async function failure(res) {
  let text = `${res.status} ${res.statusText}`;
  try {
    const body = await res.json();
    text = String(body.message ?? body.error ?? body.reason ?? text);
  } catch {
    // not JSON: keep the status line
  }
  return new ApiError(res.status, text);
}

/**
 * GET a read view.
 * @template T
 * @param {string} path under /api/v1, e.g. `/positions`
 * @returns {Promise<T>}
 */
export async function get(path) {
  const res = await fetch(API + path, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw await failure(res);
  return res.json();
}

/**
 * POST JSON with the CSRF token; `accept` lists non-2xx statuses whose body is an answer, not a failure.
 * @param {string} path @param {unknown} body @param {readonly number[]} [accept]
 */
export async function post(path, body, accept = []) {
  const res = await fetch(API + path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': csrfToken },
    body: JSON.stringify(body),
  });
  if (!res.ok && !accept.includes(res.status)) throw await failure(res);
  return res.status === 204 ? null : res.json();
}

/** The signed-in session, or null when there is none. @returns {Promise<Session | null>} */
export async function session() {
  try {
    /** @type {Partial<Session>} */
    const s = await get('/session');
    // Without a session the server may still answer 200, naming no user.
    if (typeof s.user !== 'string' || s.user === '' || typeof s.csrfToken !== 'string') return null;
    csrfToken = s.csrfToken;
    return /** @type {Session} */ (s);
  } catch (e) {
    if (e instanceof ApiError && (e.status === 401 || e.status === 403)) return null;
    throw e;
  }
}

/** @param {string} user @param {string} password @returns {Promise<Session | null>} */
export async function login(user, password) {
  await post('/login', { user, password });
  return session();
}

export async function logout() {
  await post('/logout', {});
  csrfToken = '';
}

/**
 * Runs an operator action; a refusal (409) is an outcome to show, not an error.
 * @param {OperatorAction} action @returns {Promise<ActionOutcome>}
 */
export function act(action) {
  return post('/actions', action, [409]);
}
