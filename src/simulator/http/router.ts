import type { Route } from './types.ts';

interface Compiled {
  readonly route: Route;
  readonly segments: readonly string[];
}

export interface Match {
  readonly route: Route;
  readonly params: Record<string, string>;
}

/** Exact paths by map lookup; `{param}` paths by segment comparison (few of them). */
export class Router {
  private readonly exact = new Map<string, Route>();
  private readonly patterns: Compiled[] = [];
  private readonly paths = new Set<string>();

  constructor(routes: readonly Route[]) {
    for (const r of routes) {
      this.paths.add(r.path);
      if (r.path.includes('{')) this.patterns.push({ route: r, segments: r.path.split('/') });
      else this.exact.set(`${r.method} ${r.path}`, r);
    }
  }

  match(method: string, path: string): Match | 'method' | undefined {
    const r = this.exact.get(`${method} ${path}`);
    if (r) return { route: r, params: {} };
    const segs = path.split('/');
    let other = false;
    for (const c of this.patterns) {
      if (c.segments.length !== segs.length) continue;
      const params: Record<string, string> = {};
      let okay = true;
      for (let i = 0; i < segs.length && okay; i++) {
        const want = c.segments[i] ?? '';
        const got = segs[i] ?? '';
        if (want.startsWith('{')) {
          if (got === '') okay = false;
          else params[want.slice(1, -1)] = decodeURIComponent(got);
        } else if (want !== got) okay = false;
      }
      if (!okay) continue;
      if (c.route.method === method) return { route: c.route, params };
      other = true;
    }
    if (other || this.paths.has(path)) return 'method';
    return undefined;
  }
}
