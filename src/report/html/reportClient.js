// Runs in the browser: draws the report's charts from the embedded JSON with lightweight-charts
// (inlined before this script, so the page opens offline), and makes the trade list sort and
// filter. window.__perpflowReport tells a test what was drawn, window.__perpflowAxes each price
// axis's last tick labels.
(() => {
  const data = JSON.parse(document.getElementById('report-data').textContent);
  const LWC = window.LightweightCharts;
  const state = { charts: 0, markers: 0, ready: false };
  const axes = {};
  const LINE_COLOURS = [
    '#2563eb',
    '#d97706',
    '#7c3aed',
    '#0891b2',
    '#db2777',
    '#65a30d',
    '#9333ea',
    '#ea580c',
  ];
  const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n) => String(n).padStart(2, '0');
  /**
   * Time-axis labels in UTC, recorded per chart: a year, a month, a day, or (intraday bars only) a
   * time of day. Daily or longer bars never get a time of day: a "12:00" there would be noise.
   */
  const timeLabels = (id) => (time, type) => {
    const d = new Date(time * 1000);
    const label =
      type === 0
        ? String(d.getUTCFullYear())
        : type === 1
          ? MONTHS[d.getUTCMonth()]
          : type === 2 || !data.intraday
            ? String(d.getUTCDate())
            : `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
    const key = `time:${id}`;
    if (axes[key] === undefined) axes[key] = [];
    if (!axes[key].includes(label)) axes[key].push(label);
    return label;
  };
  const base = {
    autoSize: true,
    layout: { background: { color: '#ffffff' }, textColor: '#334155', fontSize: 12 },
    grid: { vertLines: { color: '#f1f5f9' }, horzLines: { color: '#f1f5f9' } },
    rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.1, bottom: 0.1 } },
    // Daily or longer bars have no time of day: a "12:00" on their axis would be noise.
    timeScale: { borderVisible: false, timeVisible: data.intraday, secondsVisible: false },
    crosshair: { mode: 0 },
  };

  const options = (id) => ({ ...base, timeScale: { ...base.timeScale, tickMarkFormatter: timeLabels(id) } });

  // As many decimals as make neighbouring tick labels differ: a 0.002 % drawdown range gets
  // "-0.0010 %", "-0.0020 %", not "0.0 %" three times.
  const decimalsFor = (step) =>
    step > 0 ? Math.min(12, Math.max(0, Math.ceil(-Math.log10(step) - 1e-9))) : 2;
  const grouped = (v, d) => v.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
  /** A custom price format whose tick labels carry the decimals the step between ticks needs. */
  function format(id, scale, unit, values) {
    let lo = Infinity;
    let hi = -Infinity;
    for (const v of values) {
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
    const range = Number.isFinite(hi - lo) && hi > lo ? hi - lo : Math.abs(hi) || 1;
    const minMove = 10 ** (Math.floor(Math.log10(range)) - 4);
    const crosshairDecimals = decimalsFor((range * scale) / 1000);
    return {
      type: 'custom',
      minMove,
      formatter: (v) => `${grouped(v * scale, crosshairDecimals)}${unit}`,
      tickmarksFormatter: (prices) => {
        let step = Infinity;
        for (let i = 1; i < prices.length; i++)
          step = Math.min(step, Math.abs(prices[i] - prices[i - 1]) * scale);
        const d = decimalsFor(Number.isFinite(step) ? step : range * scale);
        const labels = prices.map((p) => `${grouped(p * scale, d)}${unit}`);
        axes[id] = labels;
        return labels;
      },
    };
  }

  data.markets.forEach((m, i) => {
    const id = `chart-price-${i}`;
    const chart = LWC.createChart(document.getElementById(id), options(id));
    const series = chart.addSeries(LWC.CandlestickSeries, {
      upColor: '#16a34a',
      downColor: '#dc2626',
      borderVisible: false,
      wickUpColor: '#16a34a',
      wickDownColor: '#dc2626',
      priceFormat: format(
        id,
        1,
        '',
        m.bars.flatMap((b) => [b.low, b.high]),
      ),
    });
    series.setData(m.bars);
    LWC.createSeriesMarkers(series, m.markers);
    state.markers += m.markers.length;
    chart.timeScale().fitContent();
    state.charts++;
  });

  const timeCharts = [];
  if (data.equity.length > 0) {
    const values = data.equity
      .map((p) => p.value)
      .concat(data.lines.flatMap((l) => l.points.map((p) => p.value)));
    const equityFormat = format('chart-equity', 1, '', values);
    const chart = LWC.createChart(document.getElementById('chart-equity'), options('chart-equity'));
    const series = chart.addSeries(LWC.BaselineSeries, {
      baseValue: { type: 'price', price: data.equity[0].value },
      topLineColor: '#16a34a',
      topFillColor1: 'rgba(22, 163, 74, 0.25)',
      topFillColor2: 'rgba(22, 163, 74, 0.02)',
      bottomLineColor: '#dc2626',
      bottomFillColor1: 'rgba(220, 38, 38, 0.02)',
      bottomFillColor2: 'rgba(220, 38, 38, 0.25)',
      lineWidth: 2,
      priceFormat: equityFormat,
    });
    series.setData(data.equity);
    data.lines.forEach((l, i) => {
      const line = chart.addSeries(LWC.LineSeries, {
        color: LINE_COLOURS[i % LINE_COLOURS.length],
        lineWidth: 2,
        priceFormat: equityFormat,
        lastValueVisible: false,
        priceLineVisible: false,
        title: l.name,
      });
      line.setData(l.points);
    });
    chart.timeScale().fitContent();
    timeCharts.push(chart);
    state.charts++;

    // Drawdown as a negative fraction, shaded between the curve and 0 above it.
    const ddChart = LWC.createChart(document.getElementById('chart-drawdown'), options('chart-drawdown'));
    const dd = ddChart.addSeries(LWC.BaselineSeries, {
      baseValue: { type: 'price', price: 0 },
      topLineColor: '#dc2626',
      topFillColor1: 'rgba(220, 38, 38, 0)',
      topFillColor2: 'rgba(220, 38, 38, 0)',
      bottomLineColor: '#dc2626',
      bottomFillColor1: 'rgba(220, 38, 38, 0.12)',
      bottomFillColor2: 'rgba(220, 38, 38, 0.4)',
      lineWidth: 1,
      // Its last value is on the cards; a label there would sit on the axis's own labels.
      lastValueVisible: false,
      priceLineVisible: false,
      priceFormat: format('chart-drawdown', 100, ' %', data.drawdown.map((p) => p.value).concat([0])),
    });
    dd.setData(data.drawdown);
    ddChart.timeScale().fitContent();
    timeCharts.push(ddChart);
    state.charts++;
  }

  // Equity and drawdown share one time axis: scrolling one scrolls the other.
  let syncing = false;
  for (const a of timeCharts)
    a.timeScale().subscribeVisibleLogicalRangeChange((range) => {
      if (syncing || range === null) return;
      syncing = true;
      for (const b of timeCharts) if (b !== a) b.timeScale().setVisibleLogicalRange(range);
      syncing = false;
    });

  // The trade list: a click on a header sorts by that column (again: the other way), the box filters.
  const table = document.getElementById('trade-table');
  if (table !== null) {
    const body = table.tBodies[0];
    const rows = Array.from(body.rows);
    const count = document.getElementById('trade-count');
    const key = (row, col) => {
      const k = row.cells[col].dataset.k;
      const n = Number(k);
      return k !== '' && Number.isFinite(n) ? n : k;
    };
    let sorted = { col: -1, dir: 1 };
    table.tHead.addEventListener('click', (e) => {
      const th = e.target.closest('th');
      if (th === null) return;
      const col = Number(th.dataset.col);
      sorted = { col, dir: sorted.col === col ? -sorted.dir : 1 };
      for (const h of table.tHead.rows[0].cells) h.className = '';
      th.className = sorted.dir > 0 ? 'asc' : 'desc';
      const ordered = rows.slice().sort((a, b) => {
        const x = key(a, col);
        const y = key(b, col);
        return (
          (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))) *
          sorted.dir
        );
      });
      body.append(...ordered);
    });
    const filter = document.getElementById('trade-filter');
    const apply = () => {
      const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
      let shown = 0;
      for (const r of rows) {
        const text = r.textContent.toLowerCase();
        const keep = words.every((w) => text.includes(w));
        r.hidden = !keep;
        if (keep) shown++;
      }
      count.textContent = words.length === 0 ? '' : `${shown} of ${rows.length} shown`;
    };
    filter.addEventListener('input', apply);
  }

  // Ready once the charts have painted (their axis labels are made while painting).
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      state.ready = true;
    }),
  );
  window.__perpflowReport = state;
  window.__perpflowAxes = axes;
})();
