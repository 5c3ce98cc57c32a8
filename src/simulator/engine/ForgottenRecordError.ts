/**
 * A lookup of a request or position the engine forgot: its history is bounded (EngineOptions.history,
 * a backtest's) and the record ended long enough ago to be dropped. Never a client's fault and
 * never a 404: an in-process adapter that asks about such a record relied on what the bound
 * promised not to keep, and must hear it (the direct port passes it on unmapped).
 */
export class ForgottenRecordError extends Error {
  override readonly name = 'ForgottenRecordError';
  readonly id: string;
  constructor(id: string, size: number) {
    super(
      `simulator: ${id} ended before the last ${size} ended records and was forgotten (the engine's history is bounded)`,
    );
    this.id = id;
  }
}
