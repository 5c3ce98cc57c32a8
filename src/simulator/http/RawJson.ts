/**
 * Route data that is already JSON text: the envelope splices it in as is. Lets hot reads
 * reuse serialised rows instead of stringifying the same objects on every request.
 */
export class RawJson {
  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  /** A JSON array of already-serialised items. */
  static array(items: readonly string[]): RawJson {
    return new RawJson(`[${items.join(',')}]`);
  }
}
