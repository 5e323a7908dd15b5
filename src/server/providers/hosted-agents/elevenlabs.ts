/**
 * Hosted agents on ElevenLabs Agents through the official SDK (INTEGRATIONS.md section 1):
 * knowledge-base files, the agent (prompt, first message, voice, knowledge, end-call and transfer tools) and
 * the Twilio number imported into ElevenLabs and assigned to the agent, so ElevenLabs answers it natively and
 * `transfer_to_number` works. Vendor payloads stop here.
 */
import { ElevenLabsClient, ElevenLabsError, type ElevenLabs } from '@elevenlabs/elevenlabs-js';
import { ProviderError } from '../../lib/errors.ts';
import type { AgentDefinition, HostedAgentProvider, KnowledgeFile } from './hosted-agents.ts';

export interface ElevenLabsHostedAgentsOptions {
  apiKey: string;
  /** env ELEVENLABS_BASE_URL (tests point it at a fake server). */
  baseUrl?: string | undefined;
  /** Twilio credentials for importing the number; without them numbers cannot be connected. */
  twilio?: { accountSid: string; authToken: string } | undefined;
  maxRetries?: number;
}

/** The TTS model: flash v2.5 is fast and works for every language (English-only models fail elsewhere). */
const TTS_MODEL = 'eleven_flash_v2_5';

export function createElevenLabsHostedAgents(options: ElevenLabsHostedAgentsOptions): HostedAgentProvider {
  const client = new ElevenLabsClient({
    apiKey: options.apiKey,
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    maxRetries: options.maxRetries ?? 1,
  });
  const agents = client.conversationalAi.agents;
  const documents = client.conversationalAi.knowledgeBase.documents;
  const phoneNumbers = client.conversationalAi.phoneNumbers;

  return {
    kind: 'elevenlabs',

    async uploadDocument(file: KnowledgeFile) {
      const created = await call('uploading a knowledge-base document', () =>
        documents.createFromFile({
          file: { data: file.data, filename: file.name, contentType: file.contentType },
          name: file.name,
        }),
      );
      return created.id;
    },

    async deleteDocument(providerDocumentId) {
      await call(
        'deleting a knowledge-base document',
        () => documents.delete(providerDocumentId, { force: true }),
        {
          missingIsFine: true,
        },
      );
    },

    async createAgent(definition) {
      const created = await call('creating the agent', () =>
        agents.create({ name: definition.name, conversationConfig: conversationConfig(definition) }),
      );
      return created.agentId;
    },

    async updateAgent(agentId, definition) {
      await call('updating the agent', () =>
        agents.update(agentId, { name: definition.name, conversationConfig: conversationConfig(definition) }),
      );
    },

    async deleteAgent(agentId) {
      await call('deleting the agent', () => agents.delete(agentId), { missingIsFine: true });
    },

    async connectPhoneNumber({ phoneNumber, label, agentId }) {
      // Without Twilio credentials the number is one of the local phone network's: nothing to import.
      if (!options.twilio) return null;
      const { accountSid, authToken } = options.twilio;
      const imported = await call('importing the Twilio number', () =>
        phoneNumbers.create({ provider: 'twilio', phoneNumber, label, sid: accountSid, token: authToken }),
      );
      await call('assigning the number to the agent', () =>
        phoneNumbers.update(imported.phoneNumberId, { agentId }),
      );
      return imported.phoneNumberId;
    },

    async disconnectPhoneNumber(providerPhoneNumberId) {
      await call('removing the imported number', () => phoneNumbers.delete(providerPhoneNumberId), {
        missingIsFine: true,
      });
    },
  };
}

/** The agent's whole conversation config, built from our definition (create and update send the same). */
export function conversationConfig(definition: AgentDefinition): ElevenLabs.ConversationalConfig {
  const builtInTools: ElevenLabs.BuiltInToolsOutput = {
    endCall: { name: 'end_call', params: { systemToolType: 'end_call' } },
  };
  if (definition.transferNumber) {
    builtInTools.transferToNumber = {
      name: 'transfer_to_number',
      params: {
        systemToolType: 'transfer_to_number',
        transfers: [
          {
            transferDestination: { type: 'phone', phoneNumber: definition.transferNumber },
            condition:
              'The caller asks for a person, or the knowledge base has nothing relevant to answer the question.',
            transferType: 'conference',
          },
        ],
        enableClientMessage: true,
      },
    };
  }
  return {
    agent: {
      firstMessage: definition.firstMessage,
      language: 'en',
      prompt: {
        prompt: definition.prompt,
        knowledgeBase: definition.knowledge.map((doc) => ({
          type: 'file',
          name: doc.name,
          id: doc.providerDocumentId,
          usageMode: 'auto',
        })),
        rag: { enabled: definition.knowledge.length > 0 },
        builtInTools,
      },
    },
    tts: { voiceId: definition.voiceId, modelId: TTS_MODEL },
  };
}

async function call<T>(
  what: string,
  fn: () => Promise<T>,
  options: { missingIsFine?: boolean } = {},
): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof ElevenLabsError) {
      const status = error.statusCode ?? 0;
      if (options.missingIsFine && status === 404) return undefined as T;
      throw new ProviderError('elevenlabs', `${what} failed (${status})`, status === 429 || status >= 500, {
        cause: error,
      });
    }
    throw new ProviderError('elevenlabs', `${what} failed: ${String(error)}`, true, { cause: error });
  }
}
