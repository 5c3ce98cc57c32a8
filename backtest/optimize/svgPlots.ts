import { esc } from '../../src/report/html/escapeHtml.ts';

const W = 640;
const H = 220;
const PAD = 40;

export interface Series {
  readonly points: readonly (readonly [number, number])[];
  readonly kind: 'dots' | 'line';
  readonly colour: string;
  readonly label: string;
}

const fmt = (v: number) =>
  Math.abs(v) >= 1000 || (Math.abs(v) < 0.01 && v !== 0) ? v.toExponential(2) : v.toPrecision(3);

/** A small self-contained SVG chart: dots or lines on linear axes (`logX`: log-scaled x). */
export function svgChart(
  title: string,
  series: readonly Series[],
  o: { readonly logX?: boolean; readonly xLabel?: string; readonly xText?: (x: number) => string } = {},
): string {
  const xText = o.xText ?? fmt;
  const all = series.flatMap((s) => s.points).filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y));
  const tx = (x: number) => (o.logX === true ? Math.log(x) : x);
  const xs = all.map(([x]) => tx(x));
  const ys = all.map(([, y]) => y);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  const [y0, y1] = [Math.min(...ys), Math.max(...ys)];
  const sx = (x: number) => PAD + ((tx(x) - x0) / (x1 - x0 || 1)) * (W - 2 * PAD);
  const sy = (y: number) => H - PAD + ((y0 - y) / (y1 - y0 || 1)) * (H - 2 * PAD);
  const body = series
    .map((s) => {
      const pts = s.points.filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y));
      if (s.kind === 'line')
        return `<polyline fill="none" stroke="${s.colour}" stroke-width="1.5" points="${pts.map(([x, y]) => `${sx(x).toFixed(1)},${sy(y).toFixed(1)}`).join(' ')}"/>`;
      return pts
        .map(
          ([x, y]) =>
            `<circle cx="${sx(x).toFixed(1)}" cy="${sy(y).toFixed(1)}" r="3" fill="${s.colour}" fill-opacity="0.7"/>`,
        )
        .join('');
    })
    .join('');
  const legend = series
    .map((s, i) => `<text x="${PAD + i * 160}" y="14" fill="${s.colour}">${esc(s.label)}</text>`)
    .join('');
  const axes =
    all.length === 0
      ? ''
      : `<text x="4" y="${PAD}">${fmt(y1)}</text><text x="4" y="${H - PAD}">${fmt(y0)}</text><text x="${PAD}" y="${H - 8}">${esc(xText(o.logX === true ? Math.exp(x0) : x0))}</text><text x="${W - PAD - 60}" y="${H - 8}">${esc(xText(o.logX === true ? Math.exp(x1) : x1))}</text><text x="${W / 2 - 40}" y="${H - 8}">${esc(o.xLabel ?? '')}</text>`;
  return `<figure><figcaption>${esc(title)}</figcaption><svg viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-size="11" role="img"><rect x="${PAD}" y="${PAD}" width="${W - 2 * PAD}" height="${H - 2 * PAD}" fill="none" stroke="#ccc"/>${body}${legend}${axes}</svg></figure>`;
}
