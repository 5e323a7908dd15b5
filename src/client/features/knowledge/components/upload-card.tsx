import { useState } from 'react';
import { Upload } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FilePicker } from '../../../components/ui/file-picker.tsx';
import { Label } from '../../../components/ui/label.tsx';

export interface UploadCardProps {
  uploading: boolean;
  /** Resolves true when the upload succeeded (the selection is then cleared). */
  onUpload: (files: File[]) => Promise<boolean>;
}

export function UploadCard({ uploading, onUpload }: UploadCardProps) {
  const [files, setFiles] = useState<File[]>([]);

  const upload = async () => {
    if (files.length === 0) {
      toast.error('Please select files to upload');
      return;
    }
    if (await onUpload(files)) setFiles([]);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Upload Documents</CardTitle>
        <CardDescription>Add PDF, DOCX or TXT files to your agent&apos;s knowledge base.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="space-y-2">
          <Label htmlFor="kb-documents">Files to upload</Label>
          <FilePicker
            id="kb-documents"
            accept=".pdf,.docx,.txt,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain"
            files={files}
            onChange={setFiles}
            disabled={uploading}
            hintId="kb-documents-hint"
            hint={
              files.length > 0
                ? `${files.length} file${files.length === 1 ? '' : 's'} selected`
                : 'PDF, DOCX or TXT, up to 10 MB each. A file with the same name replaces the earlier one.'
            }
          />
        </div>
        <Button onClick={() => void upload()} loading={uploading} disabled={uploading}>
          {uploading ? null : <Upload aria-hidden="true" className="size-4" />}
          {uploading ? 'Uploading...' : 'Upload'}
        </Button>
      </CardContent>
    </Card>
  );
}
