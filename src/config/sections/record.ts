import { z } from 'zod';
import { integer, nonEmptyPath } from '../primitives.ts';

/** A recording file is set aside (gzipped) past this size, and at each UTC day. */
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
      .describe('The recording file; null: the journal file with `.rec` appended.'),
    maxBytes: integer(65_536, 4 * 1024 * 1024 * 1024, 'a number of bytes')
      .default(DEFAULT_RECORD_MAX_BYTES)
      .describe('Past this size the file is gzipped aside and a new one begins (also at each UTC day).'),
  })
  .describe('The session recording beside the journal (`perpflow replay`).');
