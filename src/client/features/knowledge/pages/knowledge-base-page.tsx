import { useEffect } from 'react';
import { AgentSelector } from '../../../components/agent-selector.tsx';
import { useAgentId } from '../../../lib/agent-scope.tsx';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, BookOpen, MessageCircleQuestion } from 'lucide-react';
import { toast } from 'sonner';
import { AppHeader } from '../../../components/layout/app-header.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ReadingProgress } from '../../../components/reading-progress.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { knowledgeApi, type KnowledgeDocument } from '../api/knowledge-api.ts';
import { DocumentsCard } from '../components/documents-card.tsx';
import { UploadCard } from '../components/upload-card.tsx';
import { useKnowledgeBase } from '../hooks/use-knowledge-base.ts';
import { BackToDashboardButton } from '../../../components/layout/back-to-dashboard.tsx';

/** /knowledge-base (SPEC 2): the documents the agent answers from. */
export function KnowledgeBasePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const documents = useKnowledgeBase();

  useEffect(() => {
    if (!documents.isError) return;
    if (documents.error instanceof ApiError && documents.error.status === 404) {
      toast.error('Please configure your agent first');
      navigate('/configure', { replace: true });
    } else {
      toast.error('Failed to load documents');
    }
  }, [documents.isError, documents.error, navigate]);

  // Document changes also change the agent config (its documents list): refresh everything about the agent.
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['agent'] });
  // One of several numbers (ADR 044): the selector sets ?agent=, uploads and deletions go to that agent.
  const agentId = useAgentId();
  const gapsLink = agentId ? `/knowledge-gaps?agent=${encodeURIComponent(agentId)}` : '/knowledge-gaps';

  const upload = useMutation({
    mutationFn: (files: File[]) => knowledgeApi.add(files, agentId),
    onSuccess: async (result) => {
      toast.success(result.message);
      await refresh();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to upload documents')),
  });

  const remove = useMutation({
    mutationFn: (document: KnowledgeDocument) => knowledgeApi.remove(document.path, agentId),
    onSuccess: async (result) => {
      toast.success(result.message);
      await refresh();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to delete document')),
  });

  if (documents.isPending) return <LoadingScreen />;

  return (
    <div className="min-h-dvh bg-ink-50">
      <AppHeader />
      <main className="mx-auto max-w-4xl space-y-8 px-4 py-8 sm:px-6 sm:py-10">
        <PageHeader
          title="Knowledge Base"
          description="The documents your AI agent uses to answer calls."
          actions={<BackToDashboardButton />}
        />
        <AgentSelector />
        <UploadCard
          uploading={upload.isPending}
          onUpload={(files) =>
            upload.mutateAsync(files).then(
              () => true,
              () => false,
            )
          }
        />
        <ReadingProgress reading={documents.data?.reading} />
        <DocumentsCard
          documents={documents.data?.documents ?? []}
          onDelete={(document) => remove.mutateAsync(document).catch(() => undefined)}
        />
        <Link
          to={gapsLink}
          data-testid="knowledge-gaps-link"
          className="group flex items-center gap-4 rounded-2xl border border-ink-200/80 bg-white p-5 shadow-card transition-all hover:border-brand-200 hover:shadow-lift focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-amber-50 text-amber-600">
            <MessageCircleQuestion aria-hidden="true" className="size-5" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block font-semibold text-ink-900">
              Questions your agent couldn&apos;t answer
            </span>
            <span className="block text-sm text-ink-500">
              See what callers asked that these documents don&apos;t cover, and answer it in one step.
            </span>
          </span>
          <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-ink-400" />
        </Link>
        <Card className="border-brand-100 bg-brand-50/50 shadow-none">
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base">
              <BookOpen aria-hidden="true" className="size-5 text-brand-600" />
              How your knowledge base works
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="list-disc space-y-1.5 pl-5 text-sm text-ink-700">
              <li>Your AI agent reads these documents to answer your callers&apos; questions.</li>
              <li>The agent updates automatically when documents are added or removed.</li>
              <li>Documents can contain product info, FAQs, policies, troubleshooting guides and more.</li>
            </ul>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
