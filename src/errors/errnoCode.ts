/** The `code` of a Node system error (ENOENT, EEXIST, EPERM, …); undefined for anything else thrown. */
export function errnoCode(e: unknown): string | undefined {
  return e instanceof Error && 'code' in e && typeof e.code === 'string' ? e.code : undefined;
}
