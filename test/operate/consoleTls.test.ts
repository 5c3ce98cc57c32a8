import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleUnderTest, consoleUnderTest, PASSWORDS } from './support/consoleUnderTest.ts';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const CERT = join(FIXTURES, 'cert.pem');

/** One HTTPS request trusting the fixture's self-signed certificate: status, headers, body. */
function httpsJson(url: string, body: object) {
  return new Promise<{ status: number; cookie: string; text: string }>((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', ca: readFileSync(CERT), headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString();
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, cookie: String(res.headers['set-cookie'] ?? ''), text }),
        );
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

let t: ConsoleUnderTest;
beforeAll(async () => {
  t = await consoleUnderTest(`  tls: { certFile: ${CERT}, keyFile: ${join(FIXTURES, 'key.pem')} }\n`);
});
afterAll(async () => {
  await t.stop();
});

describe('the console with its own TLS certificate', () => {
  it('serves HTTPS only, and its session cookie is Secure', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (t.app.server.address() as AddressInfo).port;
    const res = await httpsJson(`https://127.0.0.1:${port}/api/v1/login`, {
      user: 'alice',
      password: PASSWORDS.alice,
    });
    t.seen.push(res.text);
    expect(res.status).toBe(200);
    expect(res.cookie).toMatch(/^perpflow_session=[\w-]{43}; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    await expect(fetch(`http://127.0.0.1:${port}/api/v1/bot`)).rejects.toThrow();
  });
});
