// Runs in the browser: draws the sweep heatmap from the embedded JSON on a plain 2D canvas (no
// library: a grid of coloured cells with the axes' values), and tells a test it is done.
(() => {
  const d = JSON.parse(document.getElementById('heatmap-data').textContent);
  const canvas = document.getElementById('heatmap-canvas');
  const nx = d.x.values.length;
  const ny = d.y.values.length;
  const cell = Math.max(14, Math.min(84, Math.floor(900 / Math.max(nx, ny))));
  const left = 90;
  const top = 20;
  const bottom = 56;
  const ratio = window.devicePixelRatio || 1;
  const width = left + nx * cell + 20;
  const height = top + ny * cell + bottom;
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const ctx = canvas.getContext('2d');
  ctx.scale(ratio, ratio);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  let lo = Infinity;
  let hi = -Infinity;
  for (const row of d.cells)
    for (const v of row)
      if (v !== null) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
  // Red (worst) through pale yellow to green (best), as a reader expects of a ranked metric.
  const stops = [
    [185, 28, 28],
    [254, 240, 138],
    [21, 128, 61],
  ];
  const colour = (v) => {
    const t = hi > lo ? (v - lo) / (hi - lo) : 1;
    const [a, b, u] = t < 0.5 ? [stops[0], stops[1], t * 2] : [stops[1], stops[2], (t - 0.5) * 2];
    return `rgb(${a.map((c, i) => Math.round(c + (b[i] - c) * u)).join(',')})`;
  };
  ctx.font = '11px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  d.cells.forEach((row, j) => {
    row.forEach((v, i) => {
      const x = left + i * cell;
      const y = top + (ny - 1 - j) * cell;
      ctx.fillStyle = v === null ? '#e2e8f0' : colour(v);
      ctx.fillRect(x, y, cell - 1, cell - 1);
      if (cell >= 40) {
        ctx.fillStyle = '#0f172a';
        ctx.fillText(v === null ? 'N/A' : d.labels[j][i], x + cell / 2, y + cell / 2);
      }
    });
  });
  ctx.fillStyle = '#334155';
  d.x.values.forEach((v, i) => {
    ctx.fillText(String(v), left + i * cell + cell / 2, top + ny * cell + 12);
  });
  ctx.textAlign = 'right';
  d.y.values.forEach((v, j) => {
    ctx.fillText(String(v), left - 8, top + (ny - 1 - j) * cell + cell / 2);
  });
  ctx.textAlign = 'center';
  ctx.font = '600 12px system-ui, sans-serif';
  ctx.fillText(d.x.name, left + (nx * cell) / 2, top + ny * cell + 36);
  ctx.save();
  ctx.translate(16, top + (ny * cell) / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.fillText(d.y.name, 0, 0);
  ctx.restore();
  window.__perpflowReport = { charts: 1, markers: 0, ready: true };
})();
