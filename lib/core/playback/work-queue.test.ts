import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WorkQueue } from './work-queue';

describe('WorkQueue', () => {
  it('runs items by virtual time, then in the order they were scheduled, also when items scheduled earlier fall due now', () => {
    const queue = new WorkQueue();
    const ran: string[] = [];
    queue.push(10, () => ran.push('a@10'));
    queue.push(0, () => {
      ran.push('b@0');
      queue.push(10, () => ran.push('c@10'));
    });
    queue.push(5, () => {
      ran.push('d@5');
      queue.push(10, () => ran.push('e@10'));
    });
    queue.push(10, () => {
      ran.push('f@10');
      // Due now, but after the items of time 10 scheduled before it.
      queue.push(10, () => ran.push('g@10'));
    });
    const times: number[] = [];
    for (let item = queue.pop(); item !== undefined; item = queue.pop()) {
      item();
      times.push(queue.now);
    }
    expect(ran).toEqual(['b@0', 'd@5', 'a@10', 'f@10', 'c@10', 'e@10', 'g@10']);
    expect(times).toEqual([0, 5, 10, 10, 10, 10, 10]);
    expect(queue.scheduled).toBe(7);
  });

  it('agrees with a sort by (time, scheduling order) for any schedule', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat({ max: 5 }), fc.array(fc.nat({ max: 3 }), { maxLength: 3 })), { maxLength: 40 }), (plan) => {
        const queue = new WorkQueue();
        const order: Array<[number, number]> = [];
        let sequence = 0;
        const schedule = (time: number, children: number[]) => {
          const mine = sequence++;
          queue.push(time, () => {
            order.push([queue.now, mine]);
            for (const delay of children) schedule(queue.now + delay, []);
          });
        };
        for (const [time, children] of plan) schedule(time, children);
        for (let item = queue.pop(); item !== undefined; item = queue.pop()) item();
        const sorted = [...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        expect(order).toEqual(sorted);
        expect(order).toHaveLength(sequence);
      }),
      { numRuns: 300 },
    );
  });
});
