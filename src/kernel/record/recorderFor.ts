import type { Clock } from '../../clock/Clock.ts';
import type { PerpflowConfig } from '../../config/schema.ts';
import { isSecretFieldName, redact } from '../../log/redact.ts';
import type { VenueEdges } from '../edges/VenueEdges.ts';
import { journalFileFor } from '../journalFor.ts';
import type { KernelTap } from '../KernelOptions.ts';
import { moduleHashes } from './moduleHashes.ts';
import { Recorder } from './Recorder.ts';
import { decodeValue, encodeValue } from './recordCodec.ts';
import { recordingPrices, recordingVenue } from './recordingVenue.ts';
import { RECORDING_VERSION, type RecordHeader } from './recordLines.ts';
import { recordSinkFor } from './recordSinkFor.ts';

/**
 * Whether a run records: `record.enabled`, by default in live and sim. Those two trade through
 * the HTTP adapter, whose every answer the recording holds; a dry run's in-process engine tells
 * the core its outcomes without a venue call, so a dry run is not recorded (a replay could not
 * give those back).
 */
export function recordsByConfig(config: PerpflowConfig): boolean {
  if (config.mode !== 'live' && config.mode !== 'sim') return false;
  return config.record.enabled ?? true;
}

/** The recording file of a run: `record.path`, else the journal file with `.rec` appended. */
export function recordingPathFor(config: PerpflowConfig): string | undefined {
  if (config.record.path !== null) return config.record.path;
  const journal = journalFileFor(config.journal.path, config.mode);
  return journal === ':memory:' ? undefined : `${journal}.rec`;
}

/** Every string value of a field named like a secret, at any depth: masked wherever it shows. */
function secretValues(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) secretValues(v, out);
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'string' && isSecretFieldName(k)) out.push(v);
      else secretValues(v, out);
    }
  return out;
}

export interface RecordedEdges {
  readonly edges: VenueEdges;
  readonly recorder: Recorder;
}

/**
 * Starts the recording of a run (its header: the config, secrets redacted by the one redactor,
 * and the strategies' sha256) and wraps the edges so that every venue answer and price poll is
 * recorded. Undefined when the run does not record.
 */
export function recordEdges(
  config: PerpflowConfig,
  edges: VenueEdges,
  o: {
    readonly clock: Clock;
    readonly configFile: string;
    /** A batch the recording could not write (a PostgreSQL recording's append failed). */
    readonly onRecordFailure?: (e: unknown) => void;
  },
): RecordedEdges | undefined {
  if (!recordsByConfig(config)) return undefined;
  const header: RecordHeader = {
    v: RECORDING_VERSION,
    t: o.clock.now(),
    mode: config.mode,
    eph: edges.ephemeral,
    sub: edges.venue.subaccount,
    chain: edges.venue.chainId,
    cfg: decodeValue<PerpflowConfig>(encodeValue(redact(config))),
    file: o.configFile,
    mods: moduleHashes(config, o.configFile),
  };
  let recorder: Recorder | undefined;
  const dest = recordSinkFor(
    config,
    recordingPathFor(config),
    o.clock,
    () => (recorder === undefined ? [] : [recorder.text({ k: 'h', ...header, cont: true })]),
    o.onRecordFailure,
  );
  if (dest === undefined) return undefined;
  recorder = new Recorder(dest.sink, o.clock, [...edges.secrets, ...secretValues(config), ...dest.secrets]);
  recorder.header(header);
  const venue = recordingVenue(edges.venue, recorder, o.clock);
  // In sim and live the price source is the venue itself: its polls are recorded once, as prices.
  const prices = recordingPrices(edges.prices, recorder, o.clock);
  const rec = recorder;
  return {
    edges: {
      ...edges,
      venue,
      prices,
      close: edges.close.bind(edges),
      // Only the journal's holder records: a start refused the journal never opens the file (nor
      // appends to the database: a standby records once it holds the lease), and leaves the
      // running bot's recording be. What the journal held when this process took it:
      // a replay starts from its own journal.
      attach: (journal) => {
        dest.open(journal);
        rec.journalAtStart(journal.all().length);
        edges.attach?.(journal);
      },
    },
    recorder,
  };
}

/** The kernel's tap that writes its decisions and non-venue inputs to the recording. */
export function recorderTap(rec: Recorder): KernelTap {
  return {
    intent: (i) => rec.intent(i),
    event: (e) => rec.event(e),
    job: (n) => rec.job(n),
    action: (a, by) => rec.action(a, by),
    signal: (n) => rec.signal(n),
    overrun: (id, o) => rec.overrun(id, o),
    settled: () => rec.settled(),
  };
}
