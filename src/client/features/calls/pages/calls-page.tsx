import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

// Placeholder: the owner of this feature replaces this page.
export function CallsPage() {
  return <PlaceholderPage title="Call History" description="Transcripts and summaries of your calls." />;
}
