import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../config/loadConfig.ts';
import { recordingPathFor, recordsByConfig } from './recorderFor.ts';

const config = (text: string) => parseConfig(text, '/srv/bot/bot.yaml', { env: {} });

describe('which runs record, and where', () => {
  it('live and sim by default, beside the journal; never a dry run, whatever the config says', () => {
    expect(recordsByConfig(config('mode: sim\n'))).toBe(true);
    expect(recordsByConfig(config('mode: sim\nrecord: { enabled: false }\n'))).toBe(false);
    expect(recordsByConfig(config('mode: dry-run\nrecord: { enabled: true }\n'))).toBe(false);
    expect(recordingPathFor(config('mode: sim\njournal: { path: /srv/bot/j.sqlite }\n'))).toBe(
      '/srv/bot/j.sqlite.rec',
    );
    expect(recordingPathFor(config('mode: sim\nrecord: { path: /srv/rec/bot.rec }\n'))).toBe(
      '/srv/rec/bot.rec',
    );
  });
});
