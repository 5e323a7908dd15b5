import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Delete, Info, Mic, MicOff, Phone, PhoneOff, Send, Volume2, VolumeX } from 'lucide-react';
import { AppHeader } from '../../../components/layout/app-header.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ConversationPanel } from '../components/conversation-panel.tsx';
import { DialPad } from '../components/dial-pad.tsx';
import { useSoftphone } from '../hooks/use-softphone.ts';
import { useSpeechRecognition } from '../hooks/use-speech-recognition.ts';
import { BackToDashboardButton } from '../../../components/layout/back-to-dashboard.tsx';
import { formatPhoneNumber } from '../../../../shared/phone.ts';

function useElapsed(startedAt: number | null, running: boolean): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  if (startedAt === null) return '0:00';
  const seconds = Math.max(0, Math.floor((now - startedAt) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * /phone: the local phone network's softphone. It calls an agent over the same WebSocket and messages as
 * Twilio's ConversationRelay, so a test call is a real call: recorded, metered and alerted like any other.
 */
export function PhonePage() {
  const [params] = useSearchParams();
  const [number, setNumber] = useState(formatPhoneNumber(params.get('to')));
  // At least seven digits, with the "+", spaces, dashes and brackets people type: "hello" is not a number to call.
  const dialable = /^\+?[\d\s().-]+$/.test(number.trim()) && number.replace(/\D/g, '').length >= 7;
  const [text, setText] = useState('');
  // Replies are played in the agent's own voice (audio from the server), so they can always be spoken.
  const [speak, setSpeak] = useState(true);
  const phone = useSoftphone({ speak });
  const inCall = phone.state === 'in-call' || phone.state === 'connecting';
  const recognition = useSpeechRecognition(
    (phrase) => phone.speakToAgent(phrase),
    (soFar) => phone.speakingSoFar(soFar),
  );
  const elapsed = useElapsed(phone.startedAt, phone.state === 'in-call');

  useEffect(() => {
    if (!inCall && recognition.listening) recognition.stop();
  }, [inCall, recognition]);

  const onKey = (key: string) => {
    if (inCall) phone.pressKey(key);
    else setNumber((n) => n + key);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    phone.speakToAgent(text);
    setText('');
  };

  return (
    <div className="min-h-dvh bg-ink-50">
      <AppHeader />
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
        <PageHeader
          title="Test Phone"
          description="Call your agent from the browser. Test calls are real calls: recorded, metered and alerted."
          actions={<BackToDashboardButton />}
        />
        <div className="grid gap-6 lg:grid-cols-[360px_1fr]">
          <Card>
            <CardHeader>
              <div className="flex items-center justify-between">
                <CardTitle>Softphone</CardTitle>
                {phone.state === 'in-call' ? (
                  <Badge variant="success" data-testid="call-status">
                    In call · {elapsed}
                  </Badge>
                ) : phone.state === 'connecting' ? (
                  <Badge variant="brand">Calling…</Badge>
                ) : phone.state === 'ended' ? (
                  <Badge variant="neutral" data-testid="call-status">
                    Call ended
                  </Badge>
                ) : null}
              </div>
              <CardDescription>Local phone network</CardDescription>
            </CardHeader>
            <CardContent className="space-y-5">
              <div className="flex items-center gap-2">
                <label htmlFor="phone-number" className="sr-only">
                  Number to call
                </label>
                <Input
                  id="phone-number"
                  value={number}
                  onChange={(e) => setNumber(e.target.value)}
                  placeholder="+1 555 0100"
                  inputMode="tel"
                  disabled={inCall}
                  className="h-12 text-center text-xl font-semibold tracking-wide"
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label="Delete last digit"
                  disabled={inCall || number === ''}
                  onClick={() => setNumber((n) => n.slice(0, -1))}
                >
                  <Delete aria-hidden="true" className="size-5" />
                </Button>
              </div>
              <DialPad onKey={onKey} />
              {/* Same rule as finish-call.ts billableMinutes: every started minute, at least one. */}
              <p
                data-testid="test-call-metering"
                className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900"
              >
                <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
                <span>
                  Test calls use your plan&apos;s minutes like real calls: each call is rounded up to whole
                  minutes, at least 1 (a 1:10 call uses 2 minutes).
                </span>
              </p>
              {inCall ? (
                <Button variant="destructive" size="lg" className="w-full" onClick={phone.hangUp}>
                  <PhoneOff aria-hidden="true" className="size-5" />
                  Hang up
                </Button>
              ) : (
                <>
                  <Button
                    variant="success"
                    size="lg"
                    className="w-full"
                    disabled={!dialable}
                    onClick={() => phone.call(number.trim())}
                  >
                    <Phone aria-hidden="true" className="size-5" />
                    Call
                  </Button>
                  {number.trim() !== '' && !dialable ? (
                    <p className="text-center text-sm text-red-600" role="alert">
                      Enter a phone number, like +1 555 0100.
                    </p>
                  ) : null}
                </>
              )}
              <Button variant="ghost" size="sm" className="w-full" onClick={() => setSpeak((s) => !s)}>
                {speak ? (
                  <Volume2 aria-hidden="true" className="size-4" />
                ) : (
                  <VolumeX aria-hidden="true" className="size-4" />
                )}
                {speak ? 'Agent replies are spoken' : 'Agent replies are muted'}
              </Button>
            </CardContent>
          </Card>

          <Card className="flex min-h-[28rem] flex-col">
            <CardHeader>
              <div className="flex items-center justify-between gap-2">
                <CardTitle>Conversation</CardTitle>
                {phone.agentSpeaking ? (
                  <Badge variant="brand" data-testid="agent-speaking">
                    <Volume2 aria-hidden="true" className="size-3.5" />
                    Agent speaking
                  </Badge>
                ) : null}
              </div>
              <CardDescription>
                What you say and what the agent answers, as it happens. Replies are spoken in your
                agent&apos;s voice; talk over it to interrupt.
              </CardDescription>
            </CardHeader>
            <CardContent className="max-h-[30rem] min-h-64 flex-1 overflow-y-auto">
              <ConversationPanel lines={phone.lines} />
            </CardContent>
            <form onSubmit={submit} className="flex items-center gap-2 border-t border-ink-100 p-4">
              <label htmlFor="caller-text" className="sr-only">
                Say something
              </label>
              <Input
                id="caller-text"
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder={phone.state === 'in-call' ? 'Type what you would say…' : 'Start a call first'}
                disabled={phone.state !== 'in-call'}
                autoComplete="off"
              />
              {recognition.supported ? (
                <Button
                  type="button"
                  variant={recognition.listening ? 'destructive' : 'outline'}
                  size="icon"
                  aria-label={recognition.listening ? 'Stop listening' : 'Speak'}
                  disabled={phone.state !== 'in-call'}
                  onClick={recognition.listening ? recognition.stop : recognition.start}
                >
                  {recognition.listening ? (
                    <MicOff aria-hidden="true" className="size-4" />
                  ) : (
                    <Mic aria-hidden="true" className="size-4" />
                  )}
                </Button>
              ) : null}
              <Button type="submit" disabled={phone.state !== 'in-call' || text.trim() === ''}>
                <Send aria-hidden="true" className="size-4" />
                Send
              </Button>
            </form>
          </Card>
        </div>
      </main>
    </div>
  );
}
