import { ConfigError } from '../../errors/ConfigError.ts';
import { parseConfig } from '../loadConfig.ts';

/** The ConfigError message a config text gets at `bot.yaml`, or '' when it parses: for section tests. */
export function configProblemOf(text: string, env: Record<string, string> = {}): string {
  try {
    parseConfig(text, 'bot.yaml', { env });
    return '';
  } catch (e) {
    if (e instanceof ConfigError) return e.message;
    throw e;
  }
}
