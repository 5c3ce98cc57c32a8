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
    """The mean of the last n values, summed left to right then divided by n: the arithmetic of
    perpflow's SMA (trading-signals), vectorised. backtesting.test.SMA (pandas' rolling mean, a
    running sum) differs in the last bits, which turns a few exact ties into crosses or back."""
    values = np.asarray(values, dtype=float)
    out = np.full(len(values), np.nan)
    if len(values) >= n:
        m = len(values) - n + 1
        total = values[0:m].copy()
        for k in range(1, n):
            total += values[k:k + m]
        out[n - 1:] = total / n
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
