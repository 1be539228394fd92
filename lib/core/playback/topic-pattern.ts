/**
 * Routing-key matching of part 1 playback rule 8: "A binding with routing key
 * passes a message when the step routingKey equals it or matches it as an
 * AMQP topic pattern (words separated by `.`; `*` is one word; `#` is zero or
 * more words)." Words are split as RabbitMQ splits them: the empty key has no
 * words, and `a..b` has an empty middle word. Checked against a real broker in
 * topic-routing.broker.test.ts.
 */

/** A binding key made ready for matching: its words, or only its text when it has no wildcard. */
export interface TopicPattern {
  readonly text: string;
  /** null when the pattern has no `*` or `#` word: it then matches exactly its own text. */
  readonly words: readonly string[] | null;
}

/** The words of a routing key or binding key: split at every `.`; the empty text has none. */
export function topicWords(text: string): string[] {
  return text === '' ? [] : text.split('.');
}

/** Prepares a binding key for `matchTopicPattern`. */
export function compileTopicPattern(text: string): TopicPattern {
  const words = topicWords(text);
  return { text, words: words.some((word) => word === '*' || word === '#') ? words : null };
}

/**
 * True when the routing key matches the pattern: equal text, or word by word
 * with `*` taking exactly one word and `#` zero or more. `keyWords` are
 * `topicWords(routingKey)`, split once per message.
 *
 * @example
 * matchTopicPattern(compileTopicPattern('order.#.paid'), 'order.paid', ['order', 'paid']) // true
 */
export function matchTopicPattern(pattern: TopicPattern, routingKey: string, keyWords: readonly string[]): boolean {
  if (pattern.text === routingKey) return true;
  const words = pattern.words;
  if (words === null) return false;
  const n = keyWords.length;
  // reach[j]: the pattern words read so far can consume exactly the first j key words.
  let reach = new Uint8Array(n + 1);
  reach[0] = 1;
  for (const word of words) {
    const next = new Uint8Array(n + 1);
    let any = false;
    if (word === '#') {
      let on = 0;
      for (let j = 0; j <= n; j++) {
        on |= reach[j]!;
        next[j] = on;
        any ||= on === 1;
      }
    } else {
      for (let j = 0; j < n; j++) {
        if (reach[j] === 1 && (word === '*' || keyWords[j] === word)) {
          next[j + 1] = 1;
          any = true;
        }
      }
    }
    if (!any) return false;
    reach = next;
  }
  return reach[n] === 1;
}
