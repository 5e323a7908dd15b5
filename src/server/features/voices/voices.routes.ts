import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireUser } from '../../lib/security.ts';
import { voicePreviewParamsSchema, voicesResponseSchema } from './voices.schemas.ts';
import * as voices from './voices.service.ts';

/** The voice catalogue of the "Choose Your AI Voice" dialog (paths keep the SPEC's /elevenlabs prefix). */
export function voicesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/elevenlabs/voices',
      { preHandler: requireUser(deps), schema: { response: { 200: voicesResponseSchema } } },
      async () => voices.listVoices(deps),
    );

    app.get(
      '/elevenlabs/voice-preview/:voice_id',
      { preHandler: requireUser(deps), schema: { params: voicePreviewParamsSchema } },
      async (request, reply) => {
        const preview = await voices.previewVoice(deps, request.params.voice_id);
        return reply
          .header('content-type', preview.contentType)
          .header('content-length', preview.audio.length)
          .header('cache-control', 'private, max-age=86400')
          .send(preview.audio);
      },
    );
  };
}
