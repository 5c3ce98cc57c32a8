import { RawJson } from './RawJson.ts';

/** The contract's envelope: `{success, statusMessage, data, error?}`, serialised once. */
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' } as const;
// The same bytes JSON.stringify gives for {success, statusMessage, data}, split around `data`.
const OK_200 = '{"success":true,"statusMessage":"OK","data":';
const OK_201 = '{"success":true,"statusMessage":"Accepted","data":';

export function ok(status: number, data: unknown) {
  const head = status === 201 ? OK_201 : OK_200;
  const json = data instanceof RawJson ? data.text : JSON.stringify(data ?? null);
  return { status, headers: JSON_HEADERS, body: `${head}${json}}` };
}

export function fail(
  status: number,
  code: string,
  message: string,
  extraHeaders: Record<string, string> = {},
) {
  return {
    status,
    headers: { ...JSON_HEADERS, ...extraHeaders },
    body: JSON.stringify({ success: false, statusMessage: message, data: null, error: { code, message } }),
  };
}
