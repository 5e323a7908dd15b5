/**
 * What `read` makes of `key`, kept in `memo`: the agent reads one question, sentence or word many times in a turn
 * (once per candidate passage) and across turns. At `limit` entries the memo starts again, so a long-running server
 * keeps no more than a bounded number.
 */
export function remembered<V>(memo: Map<string, V>, key: string, read: (key: string) => V, limit = 5_000): V {
  const known = memo.get(key);
  if (known !== undefined || memo.has(key)) return known as V;
  const value = read(key);
  if (memo.size >= limit) memo.clear();
  memo.set(key, value);
  return value;
}
