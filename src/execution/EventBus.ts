import { ObjectUnsubscribedError, type Observer, Subject } from 'rxjs';

/**
 * A Subject whose `next` allocates nothing: RxJS 7's `next` builds a closure, an iterator and an
 * iterator result per observer on every event, about 1 KB of garbage per round trip of an intent
 * (the core emits several events per request). Subscribers see the same thing as on a Subject:
 * the observers at the start of `next`, in order of subscription (one that subscribes meanwhile
 * misses this event, one unsubscribed meanwhile is stopped and ignores it), an error once
 * unsubscribed, nothing once completed. RxJS keeps that snapshot until the observers change;
 * here it is compared with them on each event (they are few) and replaced, never changed, so a
 * `next` re-entered from an observer leaves the outer loop's snapshot as it was.
 */
export class EventBus<T> extends Subject<T> {
  private snapshot: readonly Observer<T>[] = [];

  override next(value: T): void {
    if (this.closed) throw new ObjectUnsubscribedError();
    if (this.isStopped) return;
    const list = this.current();
    for (const observer of list) observer.next(value);
  }

  private current(): readonly Observer<T>[] {
    const live = this.observers;
    const snap = this.snapshot;
    if (snap.length === live.length) {
      let same = true;
      for (let i = 0; i < live.length && same; i++) same = snap[i] === live[i];
      if (same) return snap;
    }
    this.snapshot = live.slice();
    return this.snapshot;
  }
}
