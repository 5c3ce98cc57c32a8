/** perpflow runs TypeScript through Node's type stripping, stable from Node 24 on. */
export const MIN_NODE_MAJOR = 24;

/** A clear message when the running Node is too old, undefined when it is fine. */
export function nodeVersionProblem(version: string = process.versions.node): string | undefined {
  const major = Number(version.split('.')[0]);
  if (Number.isInteger(major) && major >= MIN_NODE_MAJOR) return undefined;
  return (
    `perpflow needs Node.js ${MIN_NODE_MAJOR} or newer; this is Node ${version}. ` +
    'Run it through npm (`npm start`, `npx perpflow …`), which uses the Node 24 pinned in node_modules, ' +
    'or install Node 24.'
  );
}
