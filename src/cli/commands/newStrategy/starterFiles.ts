import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * A config that runs `name` as it is: a dry run on the embedded simulator (`perpflow run`), and
 * a backtest on the sample bars perpflow ships (`perpflow backtest … --data XRPUSDT=…`).
 */
export function starterConfig(name: string, module: string): string {
  return `# perpflow config: \`npx perpflow run bot.yaml\` (a dry run on the embedded simulator),
# \`npx perpflow config validate bot.yaml\`, \`npx perpflow backtest bot.yaml --data XRPUSDT=FILE\`.
mode: dry-run

venue:
  url: null # the embedded simulator; live: https://… with apiKey: \${env:PERPFLOW_API_KEY}

journal:
  path: var/perpflow.sqlite

risk:
  account:
    maxOpenPositions: 2
    maxNotionalPerPosition: 1000
    maxTotalNotional: 2000
    maxLeverage: 5
    maxIntentsPerMinute: 30
    dailyLossLimit: 200
    maxDrawdownPct: 10

strategies:
  - id: ${name}
    module: ${module} # relative to this file
    markets: [XRPUSDT]
    interval: 1h
    params: { lookback: 3, quantity: 100 }
`;
}

function readme(name: string, config: string): string {
  return `# My perpflow strategies

Strategies for [perpflow](https://github.com/perpflow/perpflow), one folder each under
\`strategies/\` with its test. \`${config}\` runs \`${name}\`.

\`\`\`sh
npm install                                 # perpflow (with its pinned Node 24) and vitest
npm test                                    # every strategy's test
npx perpflow config validate ${config}
npx perpflow backtest ${config} --data XRPUSDT=node_modules/perpflow/data/samples/XRPUSDT-PERP-1h.csv
npx perpflow run ${config}                   # a dry run on the embedded simulator; Ctrl-C stops
npx perpflow new strategy another-idea      # one more
\`\`\`
`;
}

const GITIGNORE = 'node_modules/\nvar/\nreports/\n*.log\n';

/** Writes the files of a strategy repository that are not there yet; returns those it wrote. */
export function writeStarterFiles(
  dir: string,
  files: {
    readonly config?: { readonly path: string; readonly text: string };
    readonly repo?: { readonly name: string; readonly config: string };
  },
): string[] {
  const wrote: string[] = [];
  const put = (path: string, text: string): void => {
    if (existsSync(path)) return;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    wrote.push(path);
  };
  if (files.config !== undefined) put(files.config.path, files.config.text);
  if (files.repo !== undefined) {
    put(join(dir, 'README.md'), readme(files.repo.name, files.repo.config));
    put(join(dir, '.gitignore'), GITIGNORE);
  }
  return wrote;
}
