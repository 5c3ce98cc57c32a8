import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { interval } from 'rxjs';
import { isLoopbackHost } from '../../config/primitives.ts';
import { consoleEnabled } from '../../config/sections/console.ts';
import { ConfigError } from '../../errors/ConfigError.ts';
import { errnoCode } from '../../errors/errnoCode.ts';
import { hostStateDir } from '../../journal/hostDir.ts';
import type { Kernel } from '../../kernel/Kernel.ts';
import type { Logger } from '../../log/Logger.ts';
import type { LogTail } from '../../log/logTail.ts';
import { describeError } from '../../log/redact.ts';
import type { DriftReport } from '../../report/drift/driftReport.ts';
import type { ApiContext } from './apiContext.ts';
import { controlApi } from './controlApi.ts';
import { LiveState } from './liveState.ts';
import { LoginThrottle } from './loginThrottle.ts';
import { PushHub } from './pushHub.ts';
import { secretGuard } from './secretGuard.ts';
import { Sessions } from './sessions.ts';
import type { BotIdentity } from './views.ts';

export interface ConsoleHandle {
  /** Where it listens (`http://127.0.0.1:7474`), as the registry and the log name it. */
  readonly url: string;
  /** The one-time login link, when one was made (loopback without users). */
  readonly loginLink: string | undefined;
  close(): Promise<void>;
}

/** The CLI's token file of a running bot (0600 in the host directory): its bearer for the API. */
export const consoleTokenFile = (pid: number, dir = hostStateDir()): string =>
  join(dir, `console-${pid}.token`);

export interface StartConsoleOptions {
  readonly log: Logger;
  readonly logTail?: LogTail;
  readonly identity: BotIdentity;
  /** Secret values the venue edges hold (API key …): never in a response. */
  readonly secrets: readonly string[];
  readonly reportsDir?: string;
  /** The page's files; default: the console's assets folder. */
  readonly assetsDir?: string;
  /** Live against its shadow (GET /api/v1/drift), when the config shadows strategies. */
  readonly drift?: () => DriftReport;
}

function readTls(tls: { certFile: string; keyFile: string }): { cert: Buffer; key: Buffer } {
  try {
    return { cert: readFileSync(tls.certFile), key: readFileSync(tls.keyFile) };
  } catch (e) {
    throw new ConfigError(`console.tls: cannot read the certificate or key (${describeError(e)})`);
  }
}

/** The console, built and not yet listening: what `startConsole` serves and tests inject into. */
export interface BuiltConsole {
  readonly app: FastifyInstance;
  readonly ctx: ApiContext;
  readonly localToken: string;
  readonly loopback: boolean;
}

export async function buildConsole(k: Kernel, o: StartConsoleOptions): Promise<BuiltConsole> {
  const c = k.config.console;
  const loopback = isLoopbackHost(c.host);
  const https = c.tls === null ? undefined : readTls(c.tls);
  const localToken = randomBytes(32).toString('base64url');
  const clock = k.executor.clock;
  const secrets = [
    ...o.secrets,
    ...c.users.map((u) => u.passwordHash),
    ...k.config.notify.webhooks.map((w) => w.url),
    ...(k.config.venue.apiKey === null ? [] : [k.config.venue.apiKey]),
    localToken,
  ];
  const guard = secretGuard(secrets, (where) =>
    o.log.error(`a secret was about to leave in ${where}: masked`),
  );
  const hub = new PushHub(guard);
  const ctx: ApiContext = {
    kernel: k,
    identity: o.identity,
    state: new LiveState(k, o.identity, (m) => hub.publish(m), {
      logTail: o.logTail,
      listening: () => hub.size > 0,
    }),
    hub,
    sessions: new Sessions(clock, undefined, {
      journal: k.executor.journal,
      // The link's user (no users configured) is this OS user; otherwise the config says who may.
      roleOf: (user) =>
        c.users.length === 0
          ? user === userInfo().username
            ? 'operator'
            : undefined
          : c.users.find((u) => u.name === user)?.role,
    }),
    throttle: new LoginThrottle(clock),
    users: c.users,
    logTail: o.logTail,
    secureCookie: https !== undefined || c.behindTlsProxy,
    reportsDir: o.reportsDir ?? resolve('var/reports'),
    drift: o.drift,
  };
  const app = await controlApi(ctx, {
    localToken,
    loopback,
    guard,
    ...(o.assetsDir === undefined ? {} : { assetsDir: o.assetsDir }),
    server: { trustProxy: c.behindTlsProxy, ...(https === undefined ? {} : { https }) },
  });
  return { app, ctx, localToken, loopback };
}

/**
 * `perpflow run`'s control API and console, when the config turns it on (default: on in sim and
 * dry-run, on loopback). The exposure rules were checked with the config (users and TLS beyond
 * loopback); a port already taken on loopback falls back to any free one. Unreadable TLS files are
 * a ConfigError (exit 2); any other failure to listen is logged and trading goes on without it.
 */
export async function startConsole(k: Kernel, o: StartConsoleOptions): Promise<ConsoleHandle | undefined> {
  const c = k.config.console;
  if (!consoleEnabled(c, k.config.mode)) return undefined;
  const { app, ctx, localToken, loopback } = await buildConsole(k, o);
  const { state, hub, sessions } = ctx;
  const clock = k.executor.clock;
  let address: string;
  try {
    address = await app.listen({ host: c.host, port: c.port }).catch(async (e: unknown) => {
      if (!loopback || errnoCode(e) !== 'EADDRINUSE' || c.port === 0) throw e;
      o.log.warn(`console: port ${c.port} is taken; listening on another`);
      return app.listen({ host: c.host, port: 0 });
    });
  } catch (e) {
    o.log.error(`console not started on ${c.host}:${c.port}: ${describeError(e)}`);
    await app.close();
    return undefined;
  }
  state.start();
  const keepAlive = interval(15_000, clock.scheduler).subscribe(() => hub.keepAlive());
  const tokenFile = consoleTokenFile(process.pid);
  writeFileSync(tokenFile, `${localToken}\n`, { mode: 0o600 });
  const url = address.replace('[::1]', 'localhost');
  o.log.info(`console: ${url}/ (API ${url}/api/v1, ${c.users.length} users)`);
  let loginLink: string | undefined;
  if (loopback && c.users.length === 0) {
    loginLink = `${url}/?token=${sessions.oneTimeLink(userInfo().username, 'operator')}`;
    // Straight to the terminal, never through the logger: a log file keeps what it is given.
    process.stderr.write(`console login (once, this hour): ${loginLink}\n`);
  }
  return {
    url,
    loginLink,
    close: async () => {
      keepAlive.unsubscribe();
      state.stop();
      hub.closeAll();
      rmSync(tokenFile, { force: true });
      await app.close();
    },
  };
}
