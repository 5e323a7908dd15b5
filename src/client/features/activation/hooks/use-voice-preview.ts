import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { activationApi } from '../api/activation-api.ts';

export const PREVIEW_FAILED = 'Failed to play voice preview';

/**
 * One voice preview at a time through a single <audio> element (attach `audioRef` and `onEnded` to it):
 * - toggle(id) on another voice stops the current one and plays the new one;
 * - toggle(id) on the playing (or loading) voice stops it;
 * - the preview stops by itself when the clip ends.
 * The clip is fetched as a blob (the API needs the session cookie) and played from an object URL.
 */
export function useVoicePreview() {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const urlRef = useRef<string | null>(null);
  const requestRef = useRef(0);
  const [playingId, setPlayingId] = useState<string | null>(null);
  const [loadingId, setLoadingId] = useState<string | null>(null);

  const release = useCallback(() => {
    const audio = audioRef.current;
    if (audio) {
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
    }
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
  }, []);

  const stop = useCallback(() => {
    requestRef.current += 1; // a preview still downloading will not start
    release();
    setPlayingId(null);
    setLoadingId(null);
  }, [release]);

  const toggle = useCallback(
    async (voiceId: string) => {
      if (playingId === voiceId || loadingId === voiceId) {
        stop();
        return;
      }
      stop();
      const request = requestRef.current;
      setLoadingId(voiceId);
      try {
        const blob = await activationApi.previewBlob(voiceId);
        if (request !== requestRef.current) return;
        const audio = audioRef.current;
        if (!audio) return;
        const url = URL.createObjectURL(blob);
        urlRef.current = url;
        audio.src = url;
        audio.dataset.voiceId = voiceId;
        await audio.play();
        if (request !== requestRef.current) return;
        setPlayingId(voiceId);
      } catch (error) {
        if (request !== requestRef.current) return;
        console.error('voice preview failed', error);
        toast.error(PREVIEW_FAILED);
        release();
        setPlayingId(null);
      } finally {
        if (request === requestRef.current) setLoadingId(null);
      }
    },
    [loadingId, playingId, release, stop],
  );

  // Playback ends on completion (wired to the <audio> element's onEnded).
  const onEnded = useCallback(() => {
    release();
    setPlayingId(null);
  }, [release]);

  // Closing the dialog (unmount) stops the sound.
  useEffect(() => () => release(), [release]);

  return { audioRef, onEnded, playingId, loadingId, toggle, stop };
}
