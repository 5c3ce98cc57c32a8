// @ts-check
// CSV export of a table as the user sees it (after filter and sort).

/** @param {unknown} v */
function cell(v) {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** @param {readonly string[]} columns @param {readonly Readonly<Record<string, unknown>>[]} rows */
export function toCsv(columns, rows) {
  return [columns.map(cell).join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))].join(
    '\r\n',
  );
}

/** Hands the text to the browser as a download. @param {string} name @param {string} text */
export function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}
