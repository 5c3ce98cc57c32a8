/**
 * The fast parsers' test of a row: its time after the previous row's, its low above 0, open and
 * close within [low, high], volume not negative. Written so that NaN (an unread cell) fails it:
 * a failed row sends the file to the text path, which says what is wrong.
 */
export function isOrderedBar(
  time: number,
  previousTime: number,
  open: number,
  high: number,
  low: number,
  close: number,
  volume: number,
): boolean {
  return (
    time > previousTime &&
    low > 0 &&
    high >= low &&
    open >= low &&
    open <= high &&
    close >= low &&
    close <= high &&
    volume >= 0
  );
}
