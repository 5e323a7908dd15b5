import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';

/** SPEC 9: a copy confirmation disappears after 3 seconds. */
export const COPY_CONFIRMATION_MS = 3000;

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // fall back below (permission denied, insecure origin)
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}

/** Copies text and remembers which key was copied for 3 seconds. */
export function useCopy(): { copied: string | null; copy: (key: string, text: string) => Promise<void> } {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(async (key: string, text: string) => {
    try {
      await writeClipboard(text);
    } catch {
      toast.error('Could not copy to the clipboard');
      return;
    }
    setCopied(key);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), COPY_CONFIRMATION_MS);
  }, []);
  return { copied, copy };
}
