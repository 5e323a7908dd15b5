import { useState } from 'react';
import { Link } from 'react-router';
import { FileText, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import type { KnowledgeDocument } from '../api/knowledge-api.ts';

/** The document the owner's own answers are kept in (knowledge gaps, ADR 012): its entries are edited one by one. */
const ADDED_ANSWERS = 'Answers you added';

export interface DocumentsCardProps {
  documents: KnowledgeDocument[];
  /** Resolves when the deletion finished (successfully or not); the dialog then closes. */
  onDelete: (document: KnowledgeDocument) => Promise<unknown>;
}

export function DocumentsCard({ documents, onDelete }: DocumentsCardProps) {
  const [pending, setPending] = useState<KnowledgeDocument | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Current Documents ({documents.length})</CardTitle>
      </CardHeader>
      <CardContent>
        {documents.length === 0 ? (
          <EmptyState
            icon={FileText}
            title="No documents yet"
            description="Upload your product info, FAQs or policies so your agent can answer callers."
          />
        ) : (
          <ul className="divide-y divide-ink-100 rounded-xl border border-ink-200" aria-label="Documents">
            {documents.map((document) => (
              <li key={document.path} className="flex items-center gap-3 px-4 py-3">
                <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                  <FileText aria-hidden="true" className="size-5" />
                </div>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-ink-900" title={document.name}>
                    {document.name}
                  </p>
                  <p className="text-xs text-ink-500">
                    {document.size_formatted}
                    {document.name === ADDED_ANSWERS ? (
                      <>
                        {' · '}
                        <Link
                          to="/knowledge-gaps#answers"
                          className="font-medium text-brand-700 hover:underline"
                        >
                          Edit answers
                        </Link>
                      </>
                    ) : null}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete ${document.name}`}
                  className="text-ink-500 hover:bg-red-50 hover:text-red-600"
                  onClick={() => setPending(document)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDeleteDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Delete Document?"
        description={
          <p>
            {pending ? `"${pending.name}" will be removed from your knowledge base. ` : null}
            Your agent will no longer be able to use this document to answer calls.
          </p>
        }
        confirmLabel="Delete"
        onConfirm={() => (pending ? onDelete(pending) : Promise.resolve())}
      />
    </Card>
  );
}
