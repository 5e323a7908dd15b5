/**
 * Groups the questions the agent could not answer by what they mean (ADR 012): "do you sell gift cards" and "can I
 * buy a gift voucher" are one thing for the owner to answer. Each question's sentence vector (the same encoder as
 * search by meaning, agent/retrieval/meaning.ts) joins the group whose centroid is closest when that is at least
 * GROUP_MIN_COSINE, else starts a group; questions of the same words (ignoring case and punctuation) are always
 * together, even without a vector.
 */

/**
 * How close in meaning two questions must be to count as one. Measured with the Universal Sentence Encoder lite on
 * 14 questions of a small business (ADR 012): paraphrases of one question at 0.70-0.85 ("do you sell gift vouchers"
 * / "can I buy a gift voucher for my mother" 0.73), the closest different questions at 0.67 ("can I get a gift
 * certificate" / "can I get my money back"). Some paraphrases stay apart ("can I bring my dog" / "are pets allowed
 * inside" 0.57): two groups to answer is a smaller harm than one answer given to two questions.
 */
export const GROUP_MIN_COSINE = 0.7;

export interface GroupableGap {
  id: string;
  question: string;
  askedAt: Date;
  vector: Float32Array | null;
}

/** The words of a question, for exact-wording matches: "Do you sell gift cards?" = "do you sell gift cards". */
export function wordingKey(question: string): string {
  return (question.toLowerCase().match(/[a-z0-9']+/g) ?? []).join(' ');
}

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) s += a[i]! * b[i]!;
  return s;
}

function unit(v: Float32Array): Float32Array {
  const norm = Math.sqrt(dot(v, v));
  if (norm === 0) return v;
  return Float32Array.from(v, (x) => x / norm);
}

interface Building<T> {
  members: T[];
  sum: Float32Array | null;
  keys: Set<string>;
}

/**
 * Groups `gaps` (any order); each group's members oldest first, groups most recently asked first. Deterministic:
 * the same gaps always make the same groups.
 */
export function groupGaps<T extends GroupableGap>(gaps: readonly T[]): T[][] {
  const ordered = [...gaps].sort(
    (a, b) => a.askedAt.getTime() - b.askedAt.getTime() || a.id.localeCompare(b.id),
  );
  const groups: Building<T>[] = [];
  for (const gap of ordered) {
    const key = wordingKey(gap.question);
    const vector = gap.vector ? unit(gap.vector) : null;
    let target = groups.find((g) => g.keys.has(key));
    if (!target && vector) {
      let best = -Infinity;
      for (const group of groups) {
        if (!group.sum) continue;
        const cosine = dot(vector, unit(group.sum));
        if (cosine > best) {
          best = cosine;
          if (cosine >= GROUP_MIN_COSINE) target = group;
        }
      }
    }
    if (!target) {
      target = { members: [], sum: null, keys: new Set() };
      groups.push(target);
    }
    target.members.push(gap);
    target.keys.add(key);
    if (vector) {
      if (!target.sum) target.sum = Float32Array.from(vector);
      else for (let i = 0; i < target.sum.length; i++) target.sum[i]! += vector[i] ?? 0;
    }
  }
  const last = (g: Building<T>) => Math.max(...g.members.map((m) => m.askedAt.getTime()));
  return groups.sort((a, b) => last(b) - last(a)).map((g) => g.members);
}

/**
 * The wording to show for a group (and to prefill the answer's question with): the one asked most often, then the
 * shortest (the most general: "do you sell gift vouchers" before "can I buy a gift voucher for my mother"), then
 * the latest.
 */
export function groupQuestion(members: readonly GroupableGap[]): string {
  const counts = new Map<string, { n: number; at: number; text: string }>();
  for (const m of members) {
    const key = wordingKey(m.question);
    const c = counts.get(key) ?? { n: 0, at: 0, text: m.question };
    c.n++;
    if (m.askedAt.getTime() >= c.at) {
      c.at = m.askedAt.getTime();
      c.text = m.question;
    }
    counts.set(key, c);
  }
  const best = [...counts.values()].sort(
    (a, b) => b.n - a.n || a.text.length - b.text.length || b.at - a.at,
  )[0];
  return best?.text ?? '';
}
