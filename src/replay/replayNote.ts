/** Something the recording could not answer, or the simulator answered instead. */
export interface ReplayNote {
  readonly t: number;
  readonly what: string;
  /** The embedded simulator answered it (a changed strategy's new request): no divergence's cause. */
  readonly simulator?: true;
  /** How many requests the simulator took or refused in this call (a batch has several). */
  readonly requests?: number;
}
