// @ts-check
// One market's chart: the bot's bars as candles, the strategies' indicator series as lines, the
// fills as markers. lightweight-charts loads only when a chart is first shown, so the dashboard's
// first load stays small. Pushed bars and indicator points extend it live.

import { get } from '../lib/api.js';
import { html } from '../lib/html.js';
import { onPush } from '../lib/store.js';
import { useEffect, useRef } from '../vendor/preact-hooks.mjs';

/** @typedef {import('../../../api/contract.ts').BarView} BarView */
/** @typedef {import('../../../api/contract.ts').IndicatorSeries} IndicatorSeries */
/** @typedef {import('../../../api/contract.ts').FillView} FillView */

const LINE_COLOURS = ['#2563eb', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#65a30d'];

/**
 * The chart counts seconds. Fills come in epoch ms (the contract's times); bars and indicator
 * points come in seconds from the control API — a time below 1e11 is taken as seconds (1e11 ms
 * is 1973, 1e11 s the year 5138).
 * @param {number} t
 */
const sec = (t) =>
  /** @type {import('../vendor/lightweight-charts.mjs').UTCTimestamp} */ (
    t < 1e11 ? t : Math.floor(t / 1000)
  );

function themeOptions() {
  const css = getComputedStyle(document.documentElement);
  const v = (/** @type {string} */ name) => css.getPropertyValue(name).trim();
  return {
    layout: { background: { color: v('--card') }, textColor: v('--muted') },
    grid: { vertLines: { color: v('--line') }, horzLines: { color: v('--line') } },
  };
}

/** @param {readonly FillView[]} fills */
function markersOf(fills) {
  return [...fills]
    .sort((a, b) => a.at - b.at)
    .map((f) => {
      const buy = (f.side === 'LONG') === (f.action === 'open');
      return /** @type {import('../vendor/lightweight-charts.mjs').SeriesMarker<import('../vendor/lightweight-charts.mjs').Time>} */ ({
        time: sec(f.at),
        position: buy ? 'belowBar' : 'aboveBar',
        shape: buy ? 'arrowUp' : 'arrowDown',
        color: buy ? '#16a34a' : '#dc2626',
        text: `${f.action} ${f.quantity}`,
      });
    });
}

/** @param {{ market: string, fills: readonly FillView[] }} props */
export function Chart({ market, fills }) {
  const box = useRef(/** @type {HTMLDivElement | null} */ (null));
  /** @type {{ current: ((fills: readonly FillView[]) => void) | null }} */
  const setMarkers = useRef(null);

  useEffect(() => {
    let stop = () => {};
    let gone = false;
    (async () => {
      const lwc = await import('../vendor/lightweight-charts.mjs');
      const [bars, indicators] = await Promise.all([
        get(`/markets/${encodeURIComponent(market)}/bars`).catch(() => []),
        get(`/markets/${encodeURIComponent(market)}/indicators`).catch(() => []),
      ]);
      if (gone || box.current === null) return;
      const chart = lwc.createChart(box.current, {
        autoSize: true,
        ...themeOptions(),
        timeScale: { timeVisible: true, secondsVisible: true, borderVisible: false },
        rightPriceScale: { borderVisible: false },
      });
      const candles = chart.addSeries(lwc.CandlestickSeries, {
        upColor: '#16a34a',
        downColor: '#dc2626',
        wickUpColor: '#16a34a',
        wickDownColor: '#dc2626',
        borderVisible: false,
      });
      const toCandle = (/** @type {BarView} */ b) => ({ ...b, time: sec(b.time) });
      candles.setData(/** @type {BarView[]} */ (bars).map(toCandle));
      /** @type {Map<string, import('../vendor/lightweight-charts.mjs').ISeriesApi<'Line'>>} */
      const lines = new Map();
      const lineFor = (/** @type {string} */ strategy, /** @type {string} */ name) => {
        const key = `${strategy}/${name}`;
        let line = lines.get(key);
        if (!line) {
          line = chart.addSeries(lwc.LineSeries, {
            color: LINE_COLOURS[lines.size % LINE_COLOURS.length] ?? '#2563eb',
            lineWidth: 2,
            title: name,
            priceLineVisible: false,
            lastValueVisible: false,
          });
          lines.set(key, line);
        }
        return line;
      };
      for (const s of /** @type {IndicatorSeries[]} */ (indicators))
        lineFor(s.strategy, s.name).setData(s.points.map((p) => ({ time: sec(p.time), value: p.value })));
      const markers = lwc.createSeriesMarkers(candles, []);
      setMarkers.current = (f) => markers.setMarkers(markersOf(f));
      setMarkers.current(fills);
      chart.timeScale().fitContent();
      const unlisten = onPush((m) => {
        try {
          if (m.type === 'bar' && m.data.market === market) candles.update(toCandle(m.data.bar));
          if (m.type === 'indicator' && m.data.market === market)
            lineFor(m.data.strategy, m.data.name).update({ time: sec(m.data.time), value: m.data.value });
        } catch {
          // a point older than the series' last one (a replay after reconnect): the series has it
        }
      });
      const scheme = matchMedia('(prefers-color-scheme: dark)');
      const retheme = () => chart.applyOptions(themeOptions());
      scheme.addEventListener('change', retheme);
      /** @type {any} */ (globalThis).__perpflowChart = { market, bars: bars.length, lines: lines.size };
      stop = () => {
        unlisten();
        scheme.removeEventListener('change', retheme);
        chart.remove();
      };
    })();
    return () => {
      gone = true;
      setMarkers.current = null;
      stop();
    };
  }, [market]);

  useEffect(() => {
    setMarkers.current?.(fills);
  }, [fills]);

  return html`<div class="chart" ref=${box}></div>`;
}
