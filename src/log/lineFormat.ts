import { format } from 'winston';

const RESERVED = new Set(['level', 'message', 'time']);

function show(value: unknown): string {
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value) ?? String(value);
}

/** `12:00:01.250 INFO  tracker request filled clientRequestId=cr_1 status=FILLED` */
export const lineFormat = format.printf((info) => {
  const time = typeof info.time === 'string' ? info.time.slice(11, 23) : '';
  const fields = Object.entries(info)
    .filter(([k]) => !RESERVED.has(k))
    .map(([k, v]) => `${k}=${show(v)}`)
    .join(' ');
  const level = String(info.level).toUpperCase().padEnd(5);
  return `${time} ${level} ${String(info.message)}${fields === '' ? '' : ` ${fields}`}`;
});
