import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('perpflow sim', () => {
  it('keeps serving and stops cleanly after whoever read its stdout went away (perpflow sim | head)', async () => {
    const sim = spawn('node_modules/.bin/node', ['src/cli/main.ts', 'sim', '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    sim.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      sim.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /listening on (\S+)/.exec(out);
        if (m?.[1]) resolve(m[1]);
      });
      sim.on('exit', (code) => reject(new Error(`perpflow sim exited with ${code}: ${out}`)));
    });
    sim.stdout.destroy(); // the reader is gone: the next write to stdout meets EPIPE
    const signIn = await fetch(`${url}/dev/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ walletAddress: '0x00000000000000000000000000000000000b0b00' }),
    });
    expect(signIn.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => sim.on('exit', resolve));
    sim.kill('SIGTERM'); // the stop message is written to the closed pipe
    expect(await exited).toBe(0);
    expect(stderr).not.toMatch(/EPIPE|Error/);
  });
});
