import { useEffect, useRef, type ReactNode } from 'react';
import { FileText, X } from 'lucide-react';
import { formatFileSize } from '../../../shared/file-size.ts';
import { Button } from './button.tsx';
import { Input } from './input.tsx';
import { FieldHint } from './label.tsx';

export interface FilePickerProps {
  id: string;
  name?: string;
  accept: string;
  /** The chosen files (the parent owns them); a new choice replaces them, as the browser's own picker does. */
  files: File[];
  onChange: (files: File[]) => void;
  /** The hint under the list (e.g. how many files are selected). */
  hint: ReactNode;
  hintId: string;
  disabled?: boolean;
}

/**
 * A multi-file input that lists the chosen files with their sizes and a remove button each, so the owner sees
 * what will be uploaded before pressing the button.
 */
export function FilePicker({ id, name, accept, files, onChange, hint, hintId, disabled }: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);

  // Keep the native input in step with the list: empty after an upload, without a removed file otherwise.
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    if (files.length === 0) {
      element.value = '';
      return;
    }
    const shown = Array.from(element.files ?? []);
    if (shown.length === files.length && shown.every((file, i) => file === files[i])) return;
    try {
      const transfer = new DataTransfer();
      for (const file of files) transfer.items.add(file);
      element.files = transfer.files;
    } catch {
      // A browser without a DataTransfer constructor: the list stays the truth of what is uploaded.
    }
  }, [files]);

  return (
    <div className="space-y-2">
      <Input
        ref={input}
        id={id}
        name={name}
        type="file"
        multiple
        accept={accept}
        disabled={disabled}
        onChange={(event) => onChange(Array.from(event.target.files ?? []))}
        aria-describedby={hintId}
      />
      {files.length > 0 ? (
        <ul
          aria-label="Chosen files"
          className="divide-y divide-ink-100 rounded-lg border border-ink-200 bg-white text-sm"
        >
          {files.map((file, index) => (
            <li
              key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
              className="flex items-center gap-3 py-1.5 pr-1.5 pl-3"
            >
              <FileText aria-hidden="true" className="size-4 shrink-0 text-ink-400" />
              <span className="min-w-0 flex-1 truncate font-medium text-ink-800" title={file.name}>
                {file.name}
              </span>
              <span className="shrink-0 text-xs text-ink-500">{formatFileSize(file.size)}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-11 shrink-0 sm:size-8"
                aria-label={`Remove ${file.name}`}
                disabled={disabled}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
              >
                <X aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <FieldHint id={hintId}>{hint}</FieldHint>
    </div>
  );
}
