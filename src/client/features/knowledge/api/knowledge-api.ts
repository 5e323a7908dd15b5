import { api } from '../../../lib/api.ts';
import type { DocumentReading } from '../../../components/reading-progress.tsx';

/** A knowledge-base document (SPEC 3: name, path, size_formatted). */
export interface KnowledgeDocument {
  name: string;
  path: string;
  size_formatted: string;
}

export const knowledgeApi = {
  list: () => api.get<{ documents: KnowledgeDocument[]; reading: DocumentReading }>('/agent/knowledge-base'),
  add: (files: File[]) => {
    const form = new FormData();
    for (const file of files) form.append('documents', file, file.name);
    return api.postMultipart<{ message: string }>('/agent/knowledge-base/add', form);
  },
  remove: (documentPath: string) => {
    const form = new FormData();
    form.append('document_path', documentPath);
    return api.delete<{ message: string }>('/agent/knowledge-base/document', form);
  },
};
