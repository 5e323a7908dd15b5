/**
 * The hosted agent in the product's words: who answers the business's phone once it is activated.
 * - `local.ts`: the product's own call runtime (src/server/agent) answers; activation only records the chosen
 *   voice and a local agent id, and knowledge changes need nothing here (the runtime reads the passages).
 * - `elevenlabs.ts`: an ElevenLabs Agents agent with the prompt, first message, knowledge-base files, voice and
 *   transfer tool, answering the business's Twilio number (imported into ElevenLabs and assigned to it).
 */

export interface AgentDefinition {
  /** Shown in the provider's console: "<company> reception". */
  name: string;
  prompt: string;
  firstMessage: string;
  voiceId: string;
  /** E.164 number calls are transferred to when a caller asks for a person; no transfer tool when null. */
  transferNumber: string | null;
  /** Knowledge-base documents already uploaded to the provider. */
  knowledge: { providerDocumentId: string; name: string }[];
}

export interface KnowledgeFile {
  name: string;
  contentType: string;
  data: Buffer;
}

export interface HostedAgentProvider {
  readonly kind: 'elevenlabs' | 'local';
  /** Uploads one knowledge-base file; returns the provider's document id. */
  uploadDocument(file: KnowledgeFile): Promise<string>;
  /** Removes an uploaded document; succeeds when it is already gone. */
  deleteDocument(providerDocumentId: string): Promise<void>;
  /** Creates the agent; returns its id. */
  createAgent(definition: AgentDefinition): Promise<string>;
  /** Replaces the agent's prompt, first message, voice, knowledge and tools. */
  updateAgent(agentId: string, definition: AgentDefinition): Promise<void>;
  /** Deletes the agent; succeeds when it is already gone. */
  deleteAgent(agentId: string): Promise<void>;
  /**
   * Makes `agentId` answer `phoneNumber` (for ElevenLabs: imports the Twilio number, then assigns it).
   * Returns the provider's phone-number id, or null when nothing needed connecting (local runtime, or no
   * Twilio credentials to import the number with).
   */
  connectPhoneNumber(input: { phoneNumber: string; label: string; agentId: string }): Promise<string | null>;
  /** Undoes connectPhoneNumber; succeeds when it is already gone. */
  disconnectPhoneNumber(providerPhoneNumberId: string): Promise<void>;
}
