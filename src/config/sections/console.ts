import { z } from 'zod';
import { envRef } from '../envReference.ts';
import { secret } from '../jsonInputForm.ts';
import { integer, isLoopbackHost, nonEmptyPath } from '../primitives.ts';

/** `perpflow console hash`'s output: scrypt, its cost parameters, salt and key (base64url). */
export const PASSWORD_HASH = /^scrypt\$\d{1,8}\$\d{1,3}\$\d{1,3}\$[A-Za-z0-9_-]{16,}\$[A-Za-z0-9_-]{32,}$/;

const userSchema = z
  .strictObject({
    name: z
      .string({ error: 'expected a user name' })
      .regex(/^[A-Za-z0-9._@-]{1,64}$/, { error: 'expected a user name: 1–64 letters, digits, . _ @ -' }),
    role: z
      .enum(['viewer', 'operator'], { error: 'expected viewer (reads only) or operator (reads and acts)' })
      .describe('viewer: reads only; operator: reads and acts (close, cancel, pause, TP/SL, halt).'),
    passwordHash: secret(
      z
        .string({ error: `expected a reference like ${envRef('PERPFLOW_CONSOLE_ALICE')}` })
        .regex(PASSWORD_HASH, { error: 'expected a hash made by `perpflow console hash` (scrypt$…)' }),
    ).describe(`The scrypt hash \`perpflow console hash\` prints, as ${envRef('NAME')}.`),
  })
  .describe('One console user.');

export const consoleSchema = z
  .strictObject({
    enabled: z
      .boolean({ error: 'expected true, false or null' })
      .nullable()
      .default(null)
      .describe('The control API and web console. null: on in sim and dry-run, off in live.'),
    host: z
      .string({ error: 'expected a host name or address to listen on' })
      .min(1, { error: 'expected a host name or address to listen on' })
      .default('127.0.0.1')
      .describe('Where to listen. Beyond loopback it needs users and TLS (tls, or behindTlsProxy).'),
    port: integer(0, 65_535, 'a port number (0 = any free port)')
      .default(7474)
      .describe('Port; 0 picks a free one. Taken on loopback: any free port, logged.'),
    users: z.array(userSchema, { error: 'expected a list of users' }).default([]),
    tls: z
      .strictObject({
        certFile: nonEmptyPath('a PEM certificate file'),
        keyFile: nonEmptyPath('a PEM private key file (keep it readable only by the bot)'),
      })
      .nullable()
      .default(null)
      .describe('Serve HTTPS with this certificate and key.'),
    behindTlsProxy: z
      .boolean({ error: 'expected true or false' })
      .default(false)
      .describe('A TLS-terminating proxy stands in front: plain HTTP here, Secure cookies.'),
  })
  .describe('The control API (/api/v1) and the web console of a running bot.');

export type ConsoleConfig = z.infer<typeof consoleSchema>;

/** Whether the console runs in this mode: `enabled`, or on by default in rehearsals. */
export function consoleEnabled(c: Pick<ConsoleConfig, 'enabled'>, mode: string): boolean {
  return c.enabled ?? (mode === 'sim' || mode === 'dry-run');
}

/**
 * Fails closed: a console reachable beyond this machine needs users (no login link there) and TLS
 * (its own, or a proxy's), or the bot refuses to start.
 */
export function consoleExposureProblems(c: unknown, mode: unknown): { path: string[]; message: string }[] {
  const parsed = consoleSchema.safeParse(c ?? {});
  if (!parsed.success) return [];
  const o = parsed.data;
  if (!consoleEnabled(o, String(mode)) || isLoopbackHost(o.host)) return [];
  const out: { path: string[]; message: string }[] = [];
  if (o.users.length === 0)
    out.push({
      path: ['console', 'users'],
      message: `the console listens beyond loopback (${o.host}): it needs users (name, role, passwordHash from \`perpflow console hash\`), or host: 127.0.0.1`,
    });
  if (o.tls === null && !o.behindTlsProxy)
    out.push({
      path: ['console', 'host'],
      message: `the console listens beyond loopback (${o.host}): it needs TLS — tls: { certFile, keyFile }, or behindTlsProxy: true — or host: 127.0.0.1`,
    });
  return out;
}
