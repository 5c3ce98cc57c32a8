import { z } from 'zod';
import { integer, nonEmptyPath } from '../primitives.ts';

/** A recording file (gzip as it is written) is set aside past this size on disk, and at each UTC day. */
export const DEFAULT_RECORD_MAX_BYTES = 16 * 1024 * 1024;

export const recordSchema = z
  .strictObject({
    enabled: z
      .boolean({ error: 'expected true, false or null' })
      .nullable()
      .default(null)
      .describe(
        'Record every input of the kernel for `perpflow replay` (live and sim only; a dry run is not recorded). null: on.',
      ),
    path: nonEmptyPath('the path of the recording file')
      .nullable()
      .default(null)
      .describe(
        'The recording file; null: the journal file with `.rec` appended, or with a journal.url the journal database (table perpflow_recording).',
      ),
    maxBytes: integer(65_536, 4 * 1024 * 1024 * 1024, 'a number of bytes')
      .default(DEFAULT_RECORD_MAX_BYTES)
      .describe(
        'Past this size on disk (it is written gzip) the file is set aside and a new one begins (also at each UTC day and each start).',
      ),
  })
  .describe('The session recording beside the journal (`perpflow replay`).');
