/** The page's stylesheet: quiet colours, tabular numbers, charts sized by their containers. */
export const REPORT_CSS = `
*{box-sizing:border-box}
body{margin:0;background:#f8fafc;color:#0f172a;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:1360px;margin:0 auto;padding:24px 20px 48px}
header h1{margin:0;font-size:22px;font-weight:650;letter-spacing:-.01em}
header p{margin:4px 0 0;color:#475569}
header .gen{font-size:12px;color:#94a3b8}
.cards{display:flex;flex-wrap:wrap;gap:12px;margin:20px 0}
.card{flex:1 1 auto;min-width:130px;background:#fff;border:1px solid #e2e8f0;border-radius:10px;padding:12px 14px}
.card .label{font-size:12px;color:#64748b;text-transform:uppercase;letter-spacing:.04em}
.card .value{font-size:20px;white-space:nowrap;font-weight:650;margin-top:2px;font-variant-numeric:tabular-nums}
.card .sub{font-size:12px;color:#b45309}
.warn{background:#fffbeb;border:1px solid #fde68a;color:#92400e;border-radius:8px;padding:8px 12px;margin:8px 0}
.good{color:#15803d}.bad{color:#b91c1c}
section{background:#fff;border:1px solid #e2e8f0;border-radius:10px;padding:14px 16px;margin:14px 0}
section h2{margin:0 0 10px;font-size:15px;font-weight:650}
.chart{height:380px}.chart.mid{height:260px}.chart.small{height:200px}
.legend{margin-top:6px;font-size:12px;color:#64748b}
.legend span{margin-right:14px;white-space:nowrap}
.legend i{display:inline-block;width:14px;height:3px;margin-right:5px;vertical-align:middle}
.line-0{background:#2563eb}.line-1{background:#d97706}.line-2{background:#7c3aed}.line-3{background:#0891b2}
.line-4{background:#db2777}.line-5{background:#65a30d}.line-6{background:#9333ea}.line-7{background:#ea580c}
.metrics{display:flex;flex-wrap:wrap;gap:0 14px;align-items:flex-start}
.metrics section{margin:14px 0 0;flex:1 1 auto;min-width:0}
table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
th,td{padding:4px 10px;border-bottom:1px solid #f1f5f9;text-align:right;white-space:nowrap}
th:first-child,td:first-child{text-align:left}
th{font-size:12px;color:#64748b;font-weight:600;background:#f8fafc;position:sticky;top:0}
#trade-table th{cursor:pointer;user-select:none}
#trade-table th.asc::after{content:" ▲"}#trade-table th.desc::after{content:" ▼"}
.filter{display:flex;gap:12px;align-items:center;margin-bottom:8px}
.filter input{flex:0 1 320px;padding:5px 8px;border:1px solid #cbd5e1;border-radius:6px;font:inherit}
.scroll{max-height:560px;overflow:auto}
.note{font-size:12px;color:#94a3b8;margin-top:6px}
`;
