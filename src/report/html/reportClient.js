// Runs in the browser: draws the report's charts from the embedded JSON with lightweight-charts
// (inlined before this script, so the page opens offline). window.__perpflowReport tells a test
// what was drawn.
(() => {
  const data = JSON.parse(document.getElementById('report-data').textContent);
  const LWC = window.LightweightCharts;
  const state = { charts: 0, markers: 0, ready: false };
  const base = {
    autoSize: true,
    layout: { background: { color: '#ffffff' }, textColor: '#334155', fontSize: 12 },
    grid: { vertLines: { color: '#f1f5f9' }, horzLines: { color: '#f1f5f9' } },
    rightPriceScale: { borderVisible: false },
    timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false },
    crosshair: { mode: 0 },
  };
  const timeCharts = [];

  data.markets.forEach((m, i) => {
    const chart = LWC.createChart(document.getElementById(`chart-price-${i}`), base);
    const series = chart.addSeries(LWC.CandlestickSeries, {
      upColor: '#16a34a',
      downColor: '#dc2626',
      borderVisible: false,
      wickUpColor: '#16a34a',
      wickDownColor: '#dc2626',
    });
    series.setData(m.bars);
    LWC.createSeriesMarkers(series, m.markers);
    state.markers += m.markers.length;
    chart.timeScale().fitContent();
    state.charts++;
  });

  if (data.equity.length > 0) {
    const chart = LWC.createChart(document.getElementById('chart-equity'), base);
    const series = chart.addSeries(LWC.BaselineSeries, {
      baseValue: { type: 'price', price: data.equity[0].value },
      topLineColor: '#16a34a',
      topFillColor1: 'rgba(22, 163, 74, 0.25)',
      topFillColor2: 'rgba(22, 163, 74, 0.02)',
      bottomLineColor: '#dc2626',
      bottomFillColor1: 'rgba(220, 38, 38, 0.02)',
      bottomFillColor2: 'rgba(220, 38, 38, 0.25)',
      lineWidth: 2,
    });
    series.setData(data.equity);
    chart.timeScale().fitContent();
    timeCharts.push(chart);
    state.charts++;

    const ddChart = LWC.createChart(document.getElementById('chart-drawdown'), base);
    const dd = ddChart.addSeries(LWC.AreaSeries, {
      lineColor: '#dc2626',
      topColor: 'rgba(220, 38, 38, 0.05)',
      bottomColor: 'rgba(220, 38, 38, 0.35)',
      lineWidth: 1,
      priceFormat: { type: 'custom', formatter: (v) => `${(v * 100).toFixed(1)} %` },
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

  state.ready = true;
  window.__perpflowReport = state;
})();
