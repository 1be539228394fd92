/**
 * The scheduler of playback: work items ordered by virtual time, then by the
 * order they were scheduled in (so that one instant plays in a fixed order,
 * part 1 playback rule 13). Items due now go to a plain FIFO; later ones to a
 * binary heap keyed by (time, sequence).
 */

/** A piece of scheduled work. */
export type WorkItem = () => void;

interface Entry {
  time: number;
  sequence: number;
  run: WorkItem;
}

function earlier(a: Entry, b: Entry): boolean {
  return a.time < b.time || (a.time === b.time && a.sequence < b.sequence);
}

/** Work items by (time, scheduling order), with the current virtual time. */
export class WorkQueue {
  /** Virtual time of the item being run. */
  now = 0;
  /** Items scheduled so far ("Scheduled work items per playback"). */
  scheduled = 0;
  private readonly heap: Entry[] = [];
  private readonly due: Entry[] = [];
  private dueHead = 0;

  /** Schedules `run` at virtual time `time` (never before now). */
  push(time: number, run: WorkItem): void {
    const entry: Entry = { time, sequence: this.scheduled++, run };
    if (time === this.now) {
      this.due.push(entry);
      return;
    }
    const heap = this.heap;
    let i = heap.length;
    heap.push(entry);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!earlier(entry, heap[parent]!)) break;
      heap[i] = heap[parent]!;
      i = parent;
    }
    heap[i] = entry;
  }

  /** Removes the next item, moves `now` to its time and returns it; undefined when nothing is left. */
  pop(): WorkItem | undefined {
    const heap = this.heap;
    const top = heap[0];
    if (this.dueHead < this.due.length) {
      const first = this.due[this.dueHead]!;
      // A heap item due now was scheduled before the FIFO items (it was pushed when now was earlier).
      if (!top || !earlier(top, first)) {
        this.dueHead++;
        if (this.dueHead === this.due.length) {
          this.due.length = 0;
          this.dueHead = 0;
        }
        return first.run;
      }
    }
    if (!top) return undefined;
    const last = heap.pop()!;
    if (heap.length > 0) {
      let i = 0;
      const n = heap.length;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= n) break;
        const right = left + 1;
        const child = right < n && earlier(heap[right]!, heap[left]!) ? right : left;
        if (!earlier(heap[child]!, last)) break;
        heap[i] = heap[child]!;
        i = child;
      }
      heap[i] = last;
    }
    this.now = top.time;
    return top.run;
  }
}
