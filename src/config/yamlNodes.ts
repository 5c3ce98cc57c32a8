import { type Document, isAlias, isMap, isNode, isScalar, isSeq, type Node, type Pair } from 'yaml';
import type { ConfigPath } from './configPath.ts';

/**
 * Finding where a key path lives in the parsed YAML, so that a message can name the line and
 * column a person has to edit.
 */

export interface Located {
  /** The node at the full path, when it is written in the file. */
  readonly value?: Node | undefined;
  /** The key of the mapping entry at the full path, when the path ends in a mapping key. */
  readonly key?: Node | undefined;
  /** The deepest node on the path that is written in the file (the parent of a missing key). */
  readonly nearest: Node | undefined;
  /** How many parts of the path are written in the file. */
  readonly depth: number;
}

function deref(doc: Document, node: unknown): unknown {
  return isAlias(node) ? node.resolve(doc) : node;
}

export function keyName(pair: Pair): string | undefined {
  return isScalar(pair.key) ? String(pair.key.value) : undefined;
}

export function locate(doc: Document, path: ConfigPath): Located {
  let current: unknown = deref(doc, doc.contents);
  let nearest: Node | undefined = isNode(current) ? current : undefined;
  let key: Node | undefined;
  for (let depth = 0; depth < path.length; depth++) {
    const part = path[depth];
    key = undefined;
    let next: unknown;
    if (isMap(current)) {
      const pair = current.items.find((p) => keyName(p) === String(part));
      if (pair === undefined) return { nearest, depth };
      key = isNode(pair.key) ? pair.key : undefined;
      next = pair.value;
      // `url:` with nothing after it: the key is the closest thing written.
      if (next === null || next === undefined) return { key, nearest: key, depth: depth + 1 };
    } else if (isSeq(current) && typeof part === 'number') {
      next = current.items[part];
      if (next === undefined) return { nearest, depth };
    } else {
      return { nearest, depth };
    }
    current = deref(doc, next);
    nearest = isNode(current) ? current : undefined;
  }
  return { value: isNode(current) ? current : undefined, key, nearest, depth: path.length };
}

function contains(node: unknown, offset: number): boolean {
  const range = isNode(node) ? node.range : undefined;
  return range !== undefined && range !== null && range[0] <= offset && offset < range[2];
}

/** The key path of whatever is written at a character offset: where a YAML error sits. */
export function pathAtOffset(doc: Document, offset: number): (string | number)[] {
  const path: (string | number)[] = [];
  let current: unknown = doc.contents;
  for (;;) {
    if (isMap(current)) {
      const pair = current.items.find((p) => contains(p.key, offset) || contains(p.value, offset));
      const name = pair === undefined ? undefined : keyName(pair);
      if (pair === undefined || name === undefined) return path;
      path.push(name);
      if (contains(pair.key, offset)) return path;
      current = pair.value;
    } else if (isSeq(current)) {
      const index = current.items.findIndex((item) => contains(item, offset));
      if (index < 0) return path;
      path.push(index);
      current = current.items[index];
    } else {
      return path;
    }
  }
}
