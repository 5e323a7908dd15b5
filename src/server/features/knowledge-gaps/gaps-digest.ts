/**
 * The weekly email of new knowledge gaps (ADR 012), for Pro and Enterprise (the plans with email alerts). A loop in
 * every instance (ADR 005) looks every hour for accounts with open gaps no email has listed yet; one email per
 * account per 7 days, claimed in the database (a conditional upsert on knowledge_gap_digests), so two instances
 * never send the same week twice. The gaps it lists are marked in the same transaction.
 */
import type { AppDeps } from '../../app-deps.ts';
import { inTransaction } from '../../entitlements/minutes.ts';
import { findActiveSubscription } from '../../entitlements/subscriptions.ts';
import { publicBaseUrl } from '../../env.ts';
import { isPlanId, PLANS } from '../../../shared/plans.ts';
import * as repo from './knowledge-gaps.repository.ts';
import { toGroups, withVectors, type GapGroup, type KnowledgeGapHooks } from './knowledge-gaps.service.ts';

export const DIGEST_PERIOD_MS = 7 * 24 * 60 * 60 * 1000;
/** How often each instance looks for digests due. */
export const DIGEST_CHECK_MS = 60 * 60 * 1000;
/** Groups listed in one email; the page has the rest. */
const MAX_GROUPS_LISTED = 20;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function day(date: Date): string {
  return date.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
}

export function renderGapDigest(input: { companyName: string; groups: GapGroup[]; pageUrl: string }): {
  subject: string;
  text: string;
  html: string;
} {
  const { groups } = input;
  const n = groups.length;
  const subject = `${n} ${n === 1 ? 'question' : 'questions'} your agent couldn't answer this week`;
  const listed = groups.slice(0, MAX_GROUPS_LISTED);
  const line = (g: GapGroup) =>
    `${g.question} (${g.callCount} ${g.callCount === 1 ? 'caller' : 'callers'}, last ${day(g.lastAskedAt)})`;
  const more = n > listed.length ? [`…and ${n - listed.length} more.`] : [];
  const text = [
    `Callers to ${input.companyName} asked these questions this week and your documents did not have the answer:`,
    '',
    ...listed.map((g) => `- ${line(g)}`),
    ...more,
    '',
    `Answer them in one step, and your agent uses the answer from the next call: ${input.pageUrl}`,
    '',
  ].join('\n');
  const html = [
    `<p>Callers to <strong>${escapeHtml(input.companyName)}</strong> asked these questions this week and your documents did not have the answer:</p>`,
    '<ul>',
    ...listed.map((g) => `<li>${escapeHtml(line(g))}</li>`),
    '</ul>',
    ...more.map((m) => `<p>${escapeHtml(m)}</p>`),
    `<p><a href="${escapeHtml(input.pageUrl)}">Answer them</a> in one step, and your agent uses the answer from the next call.</p>`,
  ].join('\n');
  return { subject, text, html };
}

/** Sends the weekly emails that are due; returns how many were queued. */
export async function sendGapDigests(
  deps: Pick<AppDeps, 'db' | 'clock' | 'env' | 'providers'>,
  hooks: Pick<KnowledgeGapHooks, 'sendEmail'>,
): Promise<number> {
  const now = deps.clock.now();
  let queued = 0;
  for (const userId of await repo.findAccountsWithUndigestedGaps(deps.db, 200)) {
    const subscription = await findActiveSubscription(deps.db, userId, now);
    const plan = subscription && isPlanId(subscription.plan) ? PLANS[subscription.plan] : undefined;
    // Basic and trial accounts see their gaps on the page only; they stay new for an email after an upgrade.
    if (!plan?.emailAlerts) continue;
    const address = await repo.findAlertAddress(deps.db, userId);
    if (!address) continue;
    const gaps = await inTransaction(deps.db, async (trx) =>
      (await repo.claimDigest(trx, userId, now, DIGEST_PERIOD_MS))
        ? repo.takeUndigestedGaps(trx, userId, now)
        : [],
    );
    if (gaps.length === 0) continue;
    const email = renderGapDigest({
      companyName: address.companyName,
      groups: toGroups(await withVectors(deps, gaps)),
      pageUrl: `${publicBaseUrl(deps.env)}/knowledge-gaps`,
    });
    const sent = await hooks.sendEmail({
      dedupeKey: `knowledge-gaps:${userId}:${now.toISOString()}`,
      to: address.contactEmail,
      ...email,
    });
    if (sent) queued++;
  }
  return queued;
}
