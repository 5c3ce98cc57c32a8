import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { isRecord } from '../../domain/isRecord.ts';
import { ConfigError } from '../../errors/ConfigError.ts';
import { type RunningBot, runningBots } from '../../journal/runningBots.ts';
import { describeError } from '../../log/redact.ts';
import type { ActionOutcome, OperatorAction } from '../../operate/api/contract.ts';
import { API_PREFIX } from '../../operate/api/contract.ts';
import { CLI_USER_HEADER } from '../../operate/api/security.ts';
import { consoleTokenFile } from '../../operate/api/serveConsole.ts';
import { action, ExitCode } from '../action.ts';

/** An action without its id: the command mints one per run (a retried command is a new action). */
type Wanted = OperatorAction extends infer A
  ? A extends OperatorAction
    ? Omit<A, 'actionId'>
    : never
  : never;

/** The one running bot the command means: the config's, or the only one on this host. */
function theBot(config: string | undefined): RunningBot {
  const all = runningBots();
  const bots = config === undefined ? all : all.filter((b) => b.config === resolve(config));
  const list = (bs: readonly RunningBot[]) =>
    bs.map((b) => `  pid ${b.pid} ${b.mode} ${b.config}`).join('\n');
  if (bots.length === 0)
    throw new ConfigError(
      config === undefined
        ? 'no perpflow bot is running on this host'
        : `no running bot of ${resolve(config)}${all.length === 0 ? '' : `; running here:\n${list(all)}`}`,
    );
  const [bot] = bots;
  if (bot === undefined || bots.length > 1)
    throw new ConfigError(`several bots run here; name one by its config:\n${list(bots)}`);
  return bot;
}

/**
 * Sends the action to the running bot's control API on this host, with the bot's CLI token (a
 * 0600 file only this user reads): the same core, journal and audit as the console, and the
 * outcome back — which SIGUSR2 and a journal flag, `halt`'s way, could not answer.
 */
async function send(config: string | undefined, wanted: Wanted, json: boolean): Promise<void> {
  const bot = theBot(config);
  const tokenFile = consoleTokenFile(bot.pid);
  if (bot.console === undefined || !existsSync(tokenFile))
    throw new ConfigError(
      `the bot (pid ${bot.pid}, ${bot.config}) serves no control API: turn it on with console: { enabled: true } and restart it (perpflow halt still reaches it)`,
    );
  const body = { ...wanted, actionId: randomUUID() };
  const url = `${bot.console}${API_PREFIX}/actions`;
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${readFileSync(tokenFile, 'utf8').trim()}`,
      [CLI_USER_HEADER]: userInfo().username,
    },
    body: JSON.stringify(body),
  }).catch((e: unknown) => {
    // Down, or its own TLS certificate unknown to this host's trust store: name the bot and where to look.
    throw new Error(
      `cannot reach the control API of pid ${bot.pid} at ${url} (${describeError(e)}); perpflow status shows in its audit whether it was done`,
    );
  });
  const outcome = answerOf(await res.text(), res.status);
  if (json) process.stdout.write(`${JSON.stringify({ bot: bot.pid, action: body, outcome })}\n`);
  if ('error' in outcome) {
    if (!json) process.stdout.write(`${wanted.kind}: ${outcome.error}\n`);
    process.exitCode = ExitCode.failure;
    return;
  }
  if (outcome.status === 'refused') process.exitCode = ExitCode.failure;
  if (json) return;
  const first = outcome.status === 'duplicate' ? outcome.first : outcome;
  const said =
    first.status === 'refused'
      ? `refused: ${first.reason}`
      : first.status === 'accepted'
        ? `accepted${first.requests.length === 0 ? '' : ` (requests ${first.requests.join(', ')})`}${first.detail === undefined ? '' : `: ${first.detail}`}`
        : first.status;
  process.stdout.write(`${wanted.kind} by pid ${bot.pid} (${bot.config}): ${said}\n`);
}

/** The API's answer: an outcome, or `{error}` (a 4xx/5xx with its message). */
function answerOf(text: string, status: number): ActionOutcome | { error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { error: `HTTP ${status}` };
  }
  if (isRecord(raw) && typeof raw.status === 'string' && typeof raw.actionId === 'string') {
    const outcome: ActionOutcome = JSON.parse(text);
    return outcome;
  }
  return { error: isRecord(raw) && typeof raw.error === 'string' ? raw.error : `HTTP ${status}` };
}

/** `[config] NAME`: one word is the name, two are the config and the name. */
const split = (a: string | undefined, b: string | undefined): [string | undefined, string | undefined] =>
  b === undefined ? [undefined, a] : [a, b];

/** `perpflow close|pause|unpause|cancel`: the operator's actions on the bot running on this host. */
export function registerOperatorCommands(program: Command): void {
  const json = { flags: '--json', what: 'machine-readable output: {bot, action, outcome}' };
  program
    .command('close [config] [market]')
    .description(
      "close a market's positions (or every position with --all) in the running bot: risk-reducing, allowed while halted",
    )
    .option('--all', 'close every position')
    .option(json.flags, json.what)
    .action(
      action(async (a: string | undefined, b: string | undefined, o: { all?: boolean; json?: boolean }) => {
        const [config, market] = o.all === true ? [a, undefined] : split(a, b);
        if (o.all !== true && market === undefined) throw new ConfigError('name a MARKET to close, or --all');
        await send(
          config,
          o.all === true ? { kind: 'closeAll' } : { kind: 'close', market: market ?? '' },
          o.json === true,
        );
      }),
    );
  for (const kind of ['pause', 'unpause'] as const)
    program
      .command(`${kind} [config] [strategy]`)
      .description(
        kind === 'pause'
          ? 'pause a strategy of the running bot: its hooks run, its intents are dropped and counted; kept across restarts'
          : 'let a paused strategy trade again',
      )
      .option(json.flags, json.what)
      .action(
        action(async (a: string | undefined, b: string | undefined, o: { json?: boolean }) => {
          const [config, strategy] = split(a, b);
          if (strategy === undefined) throw new ConfigError(`name the STRATEGY to ${kind}`);
          await send(config, { kind, strategy }, o.json === true);
        }),
      );
  program
    .command('cancel [config] [request]')
    .description('cancel an open request of the running bot (where the venue still allows it)')
    .option(json.flags, json.what)
    .action(
      action(async (a: string | undefined, b: string | undefined, o: { json?: boolean }) => {
        const [config, requestId] = split(a, b);
        if (requestId === undefined) throw new ConfigError('name the REQUEST to cancel (its id, cr_…)');
        await send(config, { kind: 'cancel', requestId }, o.json === true);
      }),
    );
}
