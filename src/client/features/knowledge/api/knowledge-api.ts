import { api } from '../../../lib/api.ts';
import { scoped } from '../../../lib/agent-scope.tsx';
import type { DocumentReading } from '../../../components/reading-progress.tsx';

/** A knowledge-base document (SPEC 3: name, path, size_formatted). */
export interface KnowledgeDocument {
  name: string;
  path: string;
  size_formatted: string;
}

export const knowledgeApi = {
  list: (agentId?: string) =>
    api.get<{ documents: KnowledgeDocument[]; reading: DocumentReading }>(
      scoped('/agent/knowledge-base', agentId),
    ),
  add: (files: File[], agentId?: string) => {
    const form = new FormData();
    for (const file of files) form.append('documents', file, file.name);
    return api.postMultipart<{ message: string }>(scoped('/agent/knowledge-base/add', agentId), form);
  },
  remove: (documentPath: string, agentId?: string) => {
    const form = new FormData();
    form.append('document_path', documentPath);
    return api.delete<{ message: string }>(scoped('/agent/knowledge-base/document', agentId), form);
  },
};
