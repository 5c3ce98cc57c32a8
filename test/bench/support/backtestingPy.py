"""The vsBacktestingPy bench's backtesting.py side (our script; backtesting.py itself is not in
this repository): SMA 10/30 stop-and-reverse, 10 units, zero costs, on the bench's CSV.

    BACKTESTING_PY_DIR=/path/to/checkout python3 backtestingPy.py DATA.csv OUT.json

It runs backtesting.py as its README shows (the SmaCross example, with exclusive_orders so each
cross closes the open trade and opens the other side, and finalize_trades so the trade still
open at the end is closed at the last bar's open), then writes the trades and the final equity
for the bench to compare with perpflow's. Plotting needs bokeh, which is not installed here, so
backtesting._plotting is replaced by a stub before the package loads; nothing here plots.
"""
import json
import os
import sys
import types

sys.path.insert(0, os.environ['BACKTESTING_PY_DIR'])


def _no_plotting(*_args, **_kwargs):
    raise RuntimeError('plotting is stubbed out in this bench')


_stub = types.ModuleType('backtesting._plotting')
_stub.plot = _no_plotting
_stub.plot_heatmaps = _no_plotting
_stub.set_bokeh_output = _no_plotting
sys.modules['backtesting._plotting'] = _stub

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from backtesting import Backtest, Strategy  # noqa: E402
from backtesting.lib import crossover  # noqa: E402


def SMA(values, n):
    """The mean of the last n values with the arithmetic of perpflow's O(1) `Sma`
    (src/strategy/indicators/Sma.ts), so both tools decide on the same bits: a running sum,
    updated by (new - oldest) one value at a time, and re-summed left to right over the window
    every n values (aligned to the first). An exact tie of two averages (a crossover's edge) then
    resolves the same way in both; a plain left-to-right mean differs from the running sum by an
    ulp here and there, and turned a few ties into crosses (6 trades in 38,962). Vectorised: the
    re-summed windows at once, then each block's sequential updates with np.add.accumulate."""
    values = np.asarray(values, dtype=float)
    size = len(values)
    out = np.full(size, np.nan)
    if size < n:
        return out
    m = size - n + 1
    window = values[0:m].copy()
    for k in range(1, n):
        window += values[k:k + m]  # window[j]: values[j..j+n-1] summed left to right
    steps = np.zeros(size)
    steps[n:] = values[n:] - values[:-n]
    blocks = -(-m // n)
    grid = np.zeros(blocks * n)
    grid[:m] = steps[n - 1:]
    grid = grid.reshape(blocks, n)
    grid[:, 0] = window[0::n]  # each block starts from its re-summed window
    sums = np.add.accumulate(grid, axis=1).reshape(-1)[:m]
    out[n - 1:] = sums / n
    return out


class SmaCross(Strategy):
    n1 = 10
    n2 = 30

    def init(self):
        self.sma1 = self.I(SMA, self.data.Close, self.n1)
        self.sma2 = self.I(SMA, self.data.Close, self.n2)

    def next(self):
        # A cross in the direction already held changes nothing, as in perpflow's sma-cross. It
        # happens after an exact tie (fast == slow) hides the cross in between; the README's
        # SmaCross would close that trade and open the same side again at the next open.
        if crossover(self.sma1, self.sma2):
            if not self.position.is_long:
                self.buy(size=10)
        elif crossover(self.sma2, self.sma1):
            if not self.position.is_short:
                self.sell(size=10)


data_file, out_file = sys.argv[1], sys.argv[2]
df = pd.read_csv(data_file, index_col=0, parse_dates=True)
df.columns = [c.capitalize() for c in df.columns]
stats = Backtest(df, SmaCross, cash=10_000_000, commission=0, spread=0, trade_on_close=False,
                 exclusive_orders=True, finalize_trades=True).run()
trades = stats['_trades']
ms = lambda s: (s.astype('int64') // 1_000_000).tolist()  # noqa: E731  (ns → epoch ms)
with open(out_file, 'w') as f:
    json.dump({
        'finalEquity': float(stats['Equity Final [$]']),
        'size': trades['Size'].tolist(),
        'entryTime': ms(trades['EntryTime']),
        'exitTime': ms(trades['ExitTime']),
        'entryPrice': trades['EntryPrice'].tolist(),
        'exitPrice': trades['ExitPrice'].tolist(),
    }, f)
