/** The contract's envelope: `{success, statusMessage, data, error?}`, serialised once. */
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' } as const;

export function ok(status: number, data: unknown) {
  return {
    status,
    headers: JSON_HEADERS,
    body: JSON.stringify({
      success: true,
      statusMessage: status === 201 ? 'Accepted' : 'OK',
      data: data ?? null,
    }),
  };
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
