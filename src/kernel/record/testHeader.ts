/** A recording's header line for tests of files and readers: `t` its clock reading, `cont` a rotation's. */
export function testHeader(o: { readonly t?: number; readonly cont?: boolean } = {}): string {
  return JSON.stringify({
    k: 'h',
    v: 1,
    t: o.t ?? 0,
    mode: 'sim',
    eph: false,
    cfg: {},
    file: 'x',
    mods: {},
    sub: '0x',
    chain: 1,
    ...(o.cont === true ? { cont: true } : {}),
  });
}
