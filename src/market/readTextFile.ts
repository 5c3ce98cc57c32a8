import { readFileSync } from 'node:fs';
import { ConfigError } from '../errors/ConfigError.ts';
import { errnoCode } from '../errors/errnoCode.ts';
import { textProblem } from './parseTextProblem.ts';

const HEAD = 65_536;

function refuse(file: string, message: string, cause?: unknown): never {
  throw new ConfigError([{ location: { file }, path: '', message }], cause === undefined ? {} : { cause });
}

/**
 * The UTF-8 text of a data file, or a ConfigError naming the file: missing, a directory,
 * unreadable, or not text at all. A binary file is refused by where its first bad byte is, never
 * by echoing it (raw bytes would garble the terminal). `kind` names what was expected ("CSV").
 */
export function readTextFile(file: string, kind: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    const code = errnoCode(e);
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : `cannot be read (${code})`;
    refuse(file, why, e);
  }
  const nul = bytes.indexOf(0);
  if (nul >= 0) refuse(file, `not a text ${kind}: byte ${nul} is a NUL byte (a binary or UTF-16 file?)`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    refuse(file, `not a text ${kind}: it is not valid UTF-8 (a binary file, or another encoding?)`);
  }
  // A binary file shows itself in its first bytes; the parsers refuse control characters further on.
  const problem = textProblem(text.length > HEAD ? text.slice(0, HEAD) : text, kind);
  if (problem !== undefined) refuse(file, problem);
  return text;
}
