// @ts-check
// Sign in with a user and password (the printed one-time link signs in without this page).

import { login } from '../lib/api.js';
import { html } from '../lib/html.js';
import { useState } from '../vendor/preact-hooks.mjs';

/** @param {{ onSignedIn: (s: import('../lib/api.js').Session) => void }} props */
export function Login({ onSignedIn }) {
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (/** @type {Event} */ e) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      const s = await login(user, password);
      if (s === null) setError('Signed in, but the session did not stick (are cookies allowed?)');
      else onSignedIn(s);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return html`<main class="login"><form class="card" onSubmit=${submit}>
    <h1>perpflow</h1>
    <label>User <input name="user" autocomplete="username" required value=${user}
      onInput=${(/** @type {any} */ e) => setUser(e.currentTarget.value)} /></label>
    <label>Password <input name="password" type="password" autocomplete="current-password" required value=${password}
      onInput=${(/** @type {any} */ e) => setPassword(e.currentTarget.value)} /></label>
    <button type="submit" class="primary" disabled=${busy}>Sign in</button>
    ${error && html`<p class="outcome bad" role="alert">${error}</p>`}
    <p class="sub">Or open the one-time link the bot printed when it started.</p>
  </form></main>`;
}
