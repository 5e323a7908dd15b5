import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

// Placeholder: the owner of this feature replaces this page.
export function KnowledgeBasePage() {
  return (
    <PlaceholderPage title="Knowledge Base" description="Manage the documents your agent answers from." />
  );
}
