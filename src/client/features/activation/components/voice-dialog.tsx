import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { AlertCircle, Check, Loader2, Play, Search, Square } from 'lucide-react';
import { errorMessage } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import type { Voice } from '../api/activation-api.ts';
import { useActivateAgent, useVoices } from '../hooks/use-activation.ts';
import { useVoicePreview } from '../hooks/use-voice-preview.ts';

export const ACTIVATED = 'AI Voice Agent activated! Your phone is now live.';
const ACTIVATION_FAILED = 'Failed to activate AI agent';
const LOAD_FAILED = 'Failed to load voices';

export interface VoiceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The voice in use, preselected when changing the voice of an active agent. */
  currentVoiceId?: string | null;
}

/** "Choose Your AI Voice" (SPEC 2, 4, 5): list, preview one at a time, select, confirm to activate. */
export function VoiceDialog({ open, onOpenChange, currentVoiceId }: VoiceDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <VoiceDialogBody onClose={() => onOpenChange(false)} currentVoiceId={currentVoiceId ?? null} />
      ) : null}
    </Dialog>
  );
}

function VoiceDialogBody({
  onClose,
  currentVoiceId,
}: {
  onClose: () => void;
  currentVoiceId: string | null;
}) {
  const voices = useVoices(true);
  const activate = useActivateAgent();
  const { audioRef, onEnded, playingId, loadingId, toggle, stop } = useVoicePreview();
  const [selected, setSelected] = useState<string | null>(currentVoiceId);
  const [search, setSearch] = useState('');

  useEffect(() => {
    if (voices.isError) toast.error(LOAD_FAILED);
  }, [voices.isError]);

  const visible = useMemo(() => {
    const term = search.trim().toLowerCase();
    const list = voices.data ?? [];
    if (!term) return list;
    return list.filter((voice) =>
      [voice.name, voice.description ?? '', ...Object.values(voice.labels ?? {})].some((text) =>
        text.toLowerCase().includes(term),
      ),
    );
  }, [voices.data, search]);

  // One radio group (one Tab stop): arrow keys move the choice, Home and End jump, P plays the focused voice.
  const listRef = useRef<HTMLDivElement>(null);
  const tabStop = visible.some((v) => v.voice_id === selected) ? selected : (visible[0]?.voice_id ?? null);
  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const ids = visible.map((v) => v.voice_id);
    const focused = (event.target as HTMLElement).closest<HTMLElement>('[role="radio"]')?.dataset.voiceId;
    const at = focused ? ids.indexOf(focused) : -1;
    if (at === -1 || ids.length === 0) return;
    if (event.key === 'p' || event.key === 'P') {
      event.preventDefault();
      void toggle(ids[at]!);
      return;
    }
    const next =
      event.key === 'ArrowDown' || event.key === 'ArrowRight'
        ? (at + 1) % ids.length
        : event.key === 'ArrowUp' || event.key === 'ArrowLeft'
          ? (at - 1 + ids.length) % ids.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? ids.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    setSelected(ids[next]!);
    listRef.current
      ?.querySelector<HTMLElement>(`[role="radio"][data-voice-id="${CSS.escape(ids[next]!)}"]`)
      ?.focus();
  };

  const confirm = async () => {
    if (!selected) {
      toast.error('Please select a voice');
      return;
    }
    stop();
    try {
      await activate.mutateAsync(selected);
      toast.success(ACTIVATED);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, ACTIVATION_FAILED));
    }
  };

  return (
    <DialogContent
      className="max-w-2xl"
      hideClose={activate.isPending}
      onEscapeKeyDown={(event) => activate.isPending && event.preventDefault()}
      onInteractOutside={(event) => activate.isPending && event.preventDefault()}
    >
      <DialogHeader>
        <DialogTitle>Choose Your AI Voice</DialogTitle>
        <DialogDescription>
          Listen to a few voices, pick the one that fits your business, and your agent starts answering calls
          with it.
        </DialogDescription>
      </DialogHeader>

      {/* The one audio element all previews play through: a single preview at a time. */}
      <audio
        ref={audioRef}
        onEnded={onEnded}
        data-testid="voice-preview-audio"
        data-playing={playingId ?? ''}
        preload="auto"
        hidden
      />

      {voices.isPending ? (
        <div className="flex items-center justify-center gap-2 py-16 text-sm text-ink-500" role="status">
          <Loader2 aria-hidden="true" className="size-4 animate-spin" /> Loading voices...
        </div>
      ) : voices.isError ? (
        <VoicesError onRetry={() => void voices.refetch()} />
      ) : (
        <>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-400"
            />
            <Input
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Search by name, accent, gender or use..."
              aria-label="Search voices"
              className="pl-9"
            />
          </div>
          <p className="text-xs text-ink-500">
            {visible.length === voices.data.length
              ? `${voices.data.length} voices`
              : `${visible.length} of ${voices.data.length} voices`}
          </p>
          <p id="voice-keys" className="sr-only">
            Arrow keys choose a voice; press P to hear it.
          </p>
          <div
            ref={listRef}
            role="radiogroup"
            aria-label="Voices"
            aria-describedby="voice-keys"
            onKeyDown={onListKeyDown}
            className="-mx-1 max-h-[min(52vh,30rem)] space-y-2 overflow-y-auto px-1 py-1"
          >
            {visible.map((voice) => (
              <VoiceRow
                key={voice.voice_id}
                voice={voice}
                selected={selected === voice.voice_id}
                tabStop={tabStop === voice.voice_id}
                playing={playingId === voice.voice_id}
                loading={loadingId === voice.voice_id}
                onSelect={() => setSelected(voice.voice_id)}
                onTogglePreview={() => void toggle(voice.voice_id)}
              />
            ))}
            {visible.length === 0 ? (
              <p className="py-8 text-center text-sm text-ink-500">No voice matches “{search}”.</p>
            ) : null}
          </div>
        </>
      )}

      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={activate.isPending}>
          Cancel
        </Button>
        <Button
          onClick={() => void confirm()}
          disabled={!selected || activate.isPending}
          loading={activate.isPending}
        >
          {activate.isPending ? 'Activating...' : 'Activate Agent'}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}

function VoicesError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
      <AlertCircle aria-hidden="true" className="size-8 text-red-500" />
      <p className="text-sm font-medium text-ink-800">{LOAD_FAILED}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

interface VoiceRowProps {
  voice: Voice;
  selected: boolean;
  /** The one radio of the group in the Tab order (the chosen voice, else the first). */
  tabStop: boolean;
  playing: boolean;
  loading: boolean;
  onSelect: () => void;
  onTogglePreview: () => void;
}

function VoiceRow({ voice, selected, tabStop, playing, loading, onSelect, onTogglePreview }: VoiceRowProps) {
  const labels = Object.entries(voice.labels ?? {}).filter(([, value]) => value);
  return (
    <div
      data-testid="voice-option"
      data-voice-id={voice.voice_id}
      className={cn(
        'flex items-start gap-3 rounded-xl border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
        selected
          ? 'border-brand-500 bg-brand-50/60 ring-1 ring-brand-500'
          : 'border-ink-200 hover:border-ink-300',
      )}
    >
      <Button
        variant={playing ? 'primary' : 'outline'}
        size="icon"
        className="mt-0.5 size-9 rounded-full"
        onClick={onTogglePreview}
        // Out of the Tab order: the list is one Tab stop; the keyboard plays the focused voice with P.
        tabIndex={-1}
        aria-label={playing || loading ? `Stop preview of ${voice.name}` : `Play preview of ${voice.name}`}
        aria-pressed={playing}
      >
        {loading ? (
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        ) : playing ? (
          <Square aria-hidden="true" className="size-3.5 fill-current" />
        ) : (
          <Play aria-hidden="true" className="size-4 translate-x-px" />
        )}
      </Button>
      <button
        type="button"
        role="radio"
        aria-checked={selected}
        data-voice-id={voice.voice_id}
        tabIndex={tabStop ? 0 : -1}
        onClick={onSelect}
        className="min-w-0 flex-1 rounded-md text-left focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        <span className="flex items-start gap-2">
          <span className="min-w-0 font-medium break-words text-ink-900" data-testid="voice-name">
            {voice.name}
          </span>
          {selected ? <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" /> : null}
        </span>
        {voice.description ? (
          <span className="mt-0.5 block text-sm text-ink-600">{voice.description}</span>
        ) : null}
        {labels.length > 0 ? (
          <span className="mt-2 flex flex-wrap gap-1.5">
            {labels.map(([key, value]) => (
              <Badge
                key={key}
                variant="neutral"
                title={key.replace(/_/g, ' ')}
                className="font-medium capitalize"
              >
                {value}
              </Badge>
            ))}
          </span>
        ) : null}
      </button>
    </div>
  );
}
