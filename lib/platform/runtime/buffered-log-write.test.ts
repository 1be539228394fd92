import { describe, expect, it } from 'vitest';
import { createBufferedLogWrite } from './buffered-log-write';

function recording() {
  const writes: Array<{ stream: 'out' | 'err'; text: string }> = [];
  const scheduled: Array<() => void> = [];
  const buffered = createBufferedLogWrite(
    { stdout: { write: (text: string) => writes.push({ stream: 'out', text }) }, stderr: { write: (text: string) => writes.push({ stream: 'err', text }) } },
    (flush) => scheduled.push(flush),
  );
  const endTurn = () => {
    for (const flush of scheduled.splice(0)) flush();
  };
  return { writes, buffered, endTurn, scheduled };
}

describe('createBufferedLogWrite', () => {
  it('writes the info lines gathered together, in order, when the wait ends', () => {
    const { writes, buffered, endTurn, scheduled } = recording();
    buffered.write('info', 'a');
    buffered.write('debug', 'b');
    buffered.write('info', 'c');
    expect(writes).toEqual([]);
    expect(scheduled).toHaveLength(1);
    endTurn();
    expect(writes).toEqual([{ stream: 'out', text: 'a\nb\nc\n' }]);
    buffered.write('info', 'd');
    endTurn();
    expect(writes.at(-1)).toEqual({ stream: 'out', text: 'd\n' });
  });

  it('a warning or error goes out at once, after the lines before it', () => {
    const { writes, buffered } = recording();
    buffered.write('info', 'before');
    buffered.write('error', 'failed');
    expect(writes).toEqual([
      { stream: 'out', text: 'before\n' },
      { stream: 'err', text: 'failed\n' },
    ]);
  });

  it('flush writes what is pending (process exit), and a large backlog goes out without waiting', () => {
    const { writes, buffered } = recording();
    buffered.write('info', 'last words');
    buffered.flush();
    expect(writes).toEqual([{ stream: 'out', text: 'last words\n' }]);
    const line = 'x'.repeat(1000);
    for (let i = 0; i < 70; i++) buffered.write('info', line);
    expect(writes.length).toBe(2);
    expect(writes[1]!.text.length).toBeGreaterThanOrEqual(64 * 1024);
  });
});
