import pg from 'pg';
import { ClientRequestId, IntentId, StrategyId } from '../../domain/ids.ts';
import { JournalError } from '../../errors/JournalError.ts';
import { describeError } from '../../log/redact.ts';
import { fillFromRow } from '../fillRows.ts';
import type { LeaseHolder, OpenRequestRow, ReadOnlyJournal } from '../readOnlyJournal.ts';
import { rowToRecord } from '../requestRow.ts';
import { pgTypes } from './pgTypes.ts';
import { pgWhere } from './pgWhere.ts';

/**
 * `perpflow status --journal postgres://…`: one read-only snapshot of the shared journal (one
 * REPEATABLE READ transaction), answered as the SQLite read-only journal answers. Nothing is
 * written: no migration, no lease. A database without perpflow's tables is refused.
 */
export async function readPgJournal(url: string): Promise<ReadOnlyJournal> {
  const where = pgWhere(url);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, types: pgTypes });
  try {
    await client.connect();
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const known = await client.query("SELECT to_regclass('perpflow_requests') AS t");
    if (known.rows[0]?.t === null)
      throw new JournalError(`${where} holds no perpflow journal (no perpflow_requests table)`);
    const meta = await client.query<{ key: string; value: string }>(
      'SELECT key, value FROM perpflow_meta ORDER BY key',
    );
    const requests = await client.query<{
      id: string;
      kind: string;
      symbol: string;
      side: string | null;
      quantity: string | null;
      status: string;
      temp_id: string | null;
      strategy_id: string;
      intent_id: string;
      created_at: number;
    }>(
      'SELECT client_request_id AS id, kind, symbol, side, quantity, status, temp_id, strategy_id, intent_id, created_at FROM perpflow_requests ORDER BY seq',
    );
    const fills = await client.query('SELECT * FROM perpflow_fills ORDER BY seq');
    const tpsl = await client.query("SELECT * FROM perpflow_requests WHERE kind = 'setTpSl' ORDER BY seq");
    const counts = await client.query<{ fills: number; externals: number }>(
      'SELECT (SELECT count(*) FROM perpflow_fills) AS fills, (SELECT count(*) FROM perpflow_external_positions) AS externals',
    );
    const lease = await client.query<{ scope: string; pid: number; host: string; at: number }>(
      "SELECT scope, pid, host, (extract(epoch FROM heartbeat_at) * 1000)::float8 AS at FROM perpflow_lease WHERE heartbeat_at > '-infinity'",
    );
    const paper = await latestPaperAccount(client);
    await client.query('COMMIT');
    const metaMap = new Map(meta.rows.map((m) => [m.key, m.value]));
    const rows: OpenRequestRow[] = requests.rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      symbol: r.symbol,
      side: r.side,
      quantity: r.quantity,
      status: r.status,
      tempId: r.temp_id,
    }));
    const holders: LeaseHolder[] = lease.rows.map((l) => ({
      scope: l.scope,
      pid: l.pid,
      host: l.host,
      heartbeatAt: l.at,
    }));
    return {
      path: where,
      meta: (key) => metaMap.get(key),
      metaWithPrefix: (prefix) => meta.rows.filter((m) => m.key.startsWith(prefix)),
      requestStatuses: () => rows.map((r) => r.status),
      requests: () => rows,
      fillCount: () => counts.rows[0]?.fills ?? 0,
      fills: () => fills.rows.map(fillFromRow),
      tpslRequests: () => tpsl.rows.map(rowToRecord),
      origins: () =>
        requests.rows.map((r) => ({
          clientRequestId: ClientRequestId(r.id),
          intentId: IntentId(r.intent_id),
          strategyId: StrategyId(r.strategy_id),
          createdAt: r.created_at,
        })),
      strategyCounts: () => strategyCountsOf(requests.rows),
      externalCount: () => counts.rows[0]?.externals ?? 0,
      lease: () => holders,
      paperAccount: () =>
        paper === undefined
          ? undefined
          : { where: `${where} (paper account of ${paper.scope})`, text: paper.snapshot },
      close: () => undefined,
    };
  } catch (cause) {
    if (cause instanceof JournalError) throw cause;
    throw new JournalError(`cannot read journal ${where}: ${describeError(cause)}`, { cause });
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The paper account saved last (a database migrated before schema v2 keeps none). */
async function latestPaperAccount(
  client: pg.Client,
): Promise<{ readonly scope: string; readonly snapshot: string } | undefined> {
  const known = await client.query("SELECT to_regclass('perpflow_paper_accounts') AS t");
  if (known.rows[0]?.t === null) return undefined;
  const res = await client.query<{ scope: string; snapshot: string }>(
    'SELECT scope, snapshot FROM perpflow_paper_accounts ORDER BY saved_at DESC LIMIT 1',
  );
  return res.rows[0];
}

/** Per strategy: distinct intents and requests by status, as the SQLite read-only journal counts them. */
function strategyCountsOf(rows: readonly { strategy_id: string; intent_id: string; status: string }[]) {
  const out = new Map<
    string,
    { strategyId: string; intents: Set<string>; byStatus: Record<string, number> }
  >();
  for (const r of rows) {
    const e = out.get(r.strategy_id) ?? {
      strategyId: r.strategy_id,
      intents: new Set<string>(),
      byStatus: {},
    };
    e.intents.add(r.intent_id);
    e.byStatus[r.status] = (e.byStatus[r.status] ?? 0) + 1;
    out.set(r.strategy_id, e);
  }
  return [...out.values()].map((e) => ({
    strategyId: e.strategyId,
    intents: e.intents.size,
    byStatus: e.byStatus,
  }));
}
