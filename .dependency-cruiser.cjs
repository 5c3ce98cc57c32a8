/**
 * The layering of docs/ARCHITECTURE.md as rules: each folder of src/ names the folders it may
 * import from; anything else is an error, and so is any cycle between folders. `npm test` runs it
 * (`npm run lint:deps`). Lower layers know nothing of the ones above them: domain knows nobody,
 * the simulator never sees the executor, strategies see only the strategy API and the domain.
 */
const BASE = ['domain', 'errors'];
const allowed = {
  domain: [],
  errors: ['domain'],
  clock: [],
  log: [...BASE, 'clock'],
  config: [...BASE, 'clock', 'log'],
  scheduler: [...BASE, 'clock', 'log'],
  journal: [...BASE, 'clock', 'log'],
  venue: [...BASE, 'clock', 'log', 'config'],
  risk: [...BASE, 'clock', 'log', 'config', 'journal'],
  market: [...BASE, 'clock', 'log', 'config', 'venue', 'scheduler'],
  strategy: [...BASE, 'clock', 'log', 'config', 'market', 'scheduler'],
  simulator: [...BASE, 'clock', 'log', 'config', 'venue', 'market'],
  execution: [...BASE, 'clock', 'log', 'config', 'scheduler', 'venue', 'risk', 'journal'],
  report: [...BASE, 'clock', 'log', 'config', 'market', 'execution', 'risk', 'journal'],
  kernel: [
    ...BASE,
    'clock',
    'log',
    'config',
    'scheduler',
    'journal',
    'venue',
    'risk',
    'market',
    'strategy',
    'simulator',
    'execution',
    'report',
  ],
  // Replaying a recording: the kernel again, on a venue that answers from the recording.
  replay: [
    ...BASE,
    'clock',
    'log',
    'config',
    'scheduler',
    'journal',
    'venue',
    'risk',
    'market',
    'strategy',
    'simulator',
    'execution',
    'report',
    'kernel',
  ],
  // The control API and the console: an edge of the kernel, as the status server is.
  operate: [
    ...BASE,
    'clock',
    'log',
    'config',
    'scheduler',
    'journal',
    'venue',
    'risk',
    'market',
    'strategy',
    'execution',
    'report',
    'kernel',
  ],
  cli: null, // the entry point may use every layer
};
const folders = Object.keys(allowed);
/**
 * Modules that import nothing and that every layer may use. The secret tap is one: errors and
 * logs at the bottom of the stack feed the suite-wide secret scan through it. The control API's
 * contract is another: types only, shared by the core's operator actions and every front end.
 */
const LEAVES = ['^src/log/secretTap\\.ts$', '^src/operate/api/contract\\.ts$'];

const layerRules = folders
  .filter((f) => allowed[f] !== null)
  .map((f) => ({
    name: `layer-${f}`,
    comment: `src/${f}/ may import only from ${allowed[f].length ? allowed[f].join(', ') : 'itself'} (ARCHITECTURE.md layering)`,
    severity: 'error',
    from: { path: `^src/${f}/` },
    to: {
      path: '^src/',
      pathNot: [`^src/${f}/`, ...allowed[f].map((t) => `^src/${t}/`), ...LEAVES],
    },
  }));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'no-folder-cycles',
      comment: 'two folders of src/ that import each other form a cycle: move the shared piece down',
      severity: 'error',
      from: { path: '^src/([^/]+)/' },
      to: { path: '^src/', pathNot: '^src/$1/', circular: true },
    },
    {
      name: 'src-not-above-itself',
      comment:
        'src/ is the library: it never imports the strategies, the backtest driver or the tests (its own tests may use test helpers)',
      severity: 'error',
      from: { path: '^src/', pathNot: '\\.test\\.ts$' },
      to: { path: '^(strategies|backtest|test)/' },
    },
    {
      name: 'strategies-see-the-strategy-api',
      comment:
        'a strategy uses the strategy API and the domain (plus indicator libraries), never the machinery',
      severity: 'error',
      from: { path: '^strategies/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/', pathNot: ['^src/(strategy|domain|index\\.ts)'] },
    },
    {
      name: 'backtest-through-the-kernel',
      comment:
        'the backtest starts the one kernel with backtest edges: it never wires the executor, a journal, the strategy runners or the engine itself',
      severity: 'error',
      from: { path: '^backtest/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^src/(execution|journal|simulator/engine)/|^src/strategy/(StrategyRunner|StrategyHost|MarketData)\\.ts$|^src/kernel/(executorBook|strategyStage|routeToStrategies)\\.ts$',
        // A PostgreSQL URL's helpers (is it one, how to name it without its password) are no journal.
        pathNot: '^src/journal/postgres/pgWhere\\.ts$',
      },
    },
    {
      name: 'core-never-polls',
      comment:
        'the venue adapter learns outcomes and pushes reports: the core constructs no status poller (only its poll settings type is shared)',
      severity: 'error',
      from: { path: '^src/(execution|kernel)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/venue/rfq/', pathNot: '^src/venue/rfq/pollDelay\\.ts$' },
    },
    {
      name: 'backtest-not-cli',
      comment: 'the backtest driver drives the kernel; the CLI sits above it',
      severity: 'error',
      from: { path: '^backtest/' },
      to: { path: '^src/cli/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    parser: 'swc',
    moduleSystems: ['es6'],
  },
};
