import { randomBytes } from 'node:crypto';
import type { HostedAgentProvider } from './hosted-agents.ts';

/** Prefix of agent ids the product's own call runtime answers for (no external agent exists). */
export const LOCAL_AGENT_PREFIX = 'local_agent_';

export function isLocalAgentId(agentId: string | null | undefined): boolean {
  return Boolean(agentId?.startsWith(LOCAL_AGENT_PREFIX));
}

/**
 * The product's own call runtime takes the calls (ARCHITECTURE.md section 6): nothing is created elsewhere.
 * The agent id only names the activation, e.g. `local_agent_3f9a1c2b`, and the dashboard shows it.
 */
export const localHostedAgents: HostedAgentProvider = {
  kind: 'local',
  async uploadDocument() {
    return `local_doc_${randomBytes(4).toString('hex')}`;
  },
  async deleteDocument() {},
  async createAgent() {
    return `${LOCAL_AGENT_PREFIX}${randomBytes(4).toString('hex')}`;
  },
  async updateAgent() {},
  async deleteAgent() {},
  async connectPhoneNumber() {
    // The local phone network and the Twilio voice webhook already route the number to the runtime.
    return null;
  },
  async disconnectPhoneNumber() {},
};
