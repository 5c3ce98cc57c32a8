// Evaluated inside a report page by inspectPage.ts (a plain script: the project's TypeScript has
// no DOM types). Returns what a reader would see: axis labels, inked canvas pixels, hidden rows.
(() => {
  const inked = {};
  for (const el of document.querySelectorAll('[id^="chart-"], [id^="heatmap"]')) {
    const canvases = el.querySelectorAll('canvas');
    if (canvases.length === 0) continue;
    let n = 0;
    for (const canvas of canvases) {
      const ctx = canvas.getContext('2d');
      if (ctx === null || canvas.width === 0 || canvas.height === 0) continue;
      const px = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      // Ink: clearly unlike the background (the first pixel); faint grid lines do not count.
      for (let i = 4; i < px.length; i += 4) {
        const diff = Math.max(
          Math.abs(px[i] - px[0]),
          Math.abs(px[i + 1] - px[1]),
          Math.abs(px[i + 2] - px[2]),
          Math.abs(px[i + 3] - px[3]),
        );
        if (diff > 48) n++;
      }
    }
    inked[el.id] = n;
  }
  const rows = Array.from(document.querySelectorAll('.metrics tr, #heatmap-top tr'));
  const pageWidth = document.documentElement.clientWidth;
  const hiddenRows = [];
  for (const row of rows) {
    const box = row.getBoundingClientRect();
    let clipped = box.height === 0 || box.left < 0 || box.right > pageWidth;
    for (let a = row.parentElement; a !== null && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      const scrolls = /(auto|scroll|hidden)/.test(style.overflowY + style.overflowX);
      if (scrolls && (a.scrollHeight > a.clientHeight + 1 || a.scrollWidth > a.clientWidth + 1))
        clipped = true;
    }
    if (clipped) hiddenRows.push(row.textContent);
  }
  return { axes: window.__perpflowAxes || {}, inked, metricRows: rows.length, hiddenRows, pageWidth };
})();
