/**
 * Rules about a stored agent configuration shared by the features that read it. Older rows keep the hosted
 * (ElevenLabs) agent id only in config_data.eleven_agent_id, newer ones in the column.
 */

/** The hosted agent id: the column, else a string in config_data.eleven_agent_id. */
export function hostedAgentId(
  column: string | null,
  configData: Record<string, unknown> | null | undefined,
): string | null {
  const nested = configData?.eleven_agent_id;
  return column ?? (typeof nested === 'string' ? nested : null);
}

/** Activated once a voice was chosen or a hosted agent was created. */
export function isAgentActivated(row: {
  voice_id: string | null;
  eleven_agent_id: string | null;
  config_data: Record<string, unknown> | null | undefined;
}): boolean {
  return Boolean(row.voice_id || row.eleven_agent_id || row.config_data?.eleven_agent_id);
}
