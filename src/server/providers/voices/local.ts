/**
 * The local voice provider: 44 offline eSpeak NG voices (an English accent plus a speaker variant), with
 * previews synthesized on this server (espeak.ts) and cached in memory and under DATA_DIR.
 * The voice id is the eSpeak voice spec itself (`en-gb-scotland+f3`), so the call runtime can speak with it.
 */
import { createPreviewCache, type PreviewCache } from './preview-cache.ts';
import { synthesizeWav, warmUpSynthesizer } from './espeak.ts';
import type { SpokenAudio, Voice, VoicePreview, VoiceProvider } from './voices.ts';

interface Accent {
  /** eSpeak language voice. */
  language: string;
  /** Shown in the name: "US English". */
  title: string;
  /** Label value: "american". */
  label: string;
}

const ACCENTS = {
  us: { language: 'en-us', title: 'US English', label: 'american' },
  nyc: { language: 'en-us-nyc', title: 'New York English', label: 'new york' },
  gb: { language: 'en-gb', title: 'British English', label: 'british' },
  rp: { language: 'en-gb-x-rp', title: 'British English (RP)', label: 'british (received pronunciation)' },
  scotland: { language: 'en-gb-scotland', title: 'Scottish English', label: 'scottish' },
  lancs: { language: 'en-gb-x-gbclan', title: 'Lancashire English', label: 'northern english' },
  midlands: { language: 'en-gb-x-gbcwmd', title: 'West Midlands English', label: 'west midlands' },
  caribbean: { language: 'en-029', title: 'Caribbean English', label: 'caribbean' },
} satisfies Record<string, Accent>;

type Gender = 'female' | 'male';
type Age = 'young' | 'middle-aged' | 'older';

interface LocalVoiceSpec {
  name: string;
  accent: Accent;
  /** eSpeak variant (`f3`, `m5`, `Alicia`...); the language's own default speaker when undefined. */
  variant?: string;
  gender: Gender;
  age: Age;
  /** One or two words: "warm", "calm and clear". */
  tone: string;
  useCase: string;
  speed?: number;
}

const CATALOGUE: LocalVoiceSpec[] = [
  {
    name: 'Ava',
    accent: ACCENTS.us,
    variant: 'f3',
    gender: 'female',
    age: 'young',
    tone: 'warm',
    useCase: 'customer service',
  },
  {
    name: 'Olivia',
    accent: ACCENTS.us,
    variant: 'f2',
    gender: 'female',
    age: 'middle-aged',
    tone: 'friendly',
    useCase: 'reception',
  },
  {
    name: 'Grace',
    accent: ACCENTS.us,
    variant: 'f4',
    gender: 'female',
    age: 'young',
    tone: 'bright',
    useCase: 'sales',
  },
  {
    name: 'Emma',
    accent: ACCENTS.us,
    variant: 'f5',
    gender: 'female',
    age: 'middle-aged',
    tone: 'calm',
    useCase: 'technical support',
  },
  {
    name: 'Margaret',
    accent: ACCENTS.us,
    variant: 'f1',
    gender: 'female',
    age: 'older',
    tone: 'gentle',
    useCase: 'healthcare',
    speed: 160,
  },
  {
    name: 'Alicia',
    accent: ACCENTS.us,
    variant: 'Alicia',
    gender: 'female',
    age: 'young',
    tone: 'cheerful',
    useCase: 'customer service',
  },
  {
    name: 'Andrea',
    accent: ACCENTS.us,
    variant: 'Andrea',
    gender: 'female',
    age: 'middle-aged',
    tone: 'professional',
    useCase: 'appointments',
  },
  {
    name: 'Annie',
    accent: ACCENTS.us,
    variant: 'Annie',
    gender: 'female',
    age: 'young',
    tone: 'upbeat',
    useCase: 'retail',
  },
  {
    name: 'Linda',
    accent: ACCENTS.us,
    variant: 'linda',
    gender: 'female',
    age: 'middle-aged',
    tone: 'reassuring',
    useCase: 'support',
  },
  {
    name: 'Belinda',
    accent: ACCENTS.us,
    variant: 'belinda',
    gender: 'female',
    age: 'middle-aged',
    tone: 'clear',
    useCase: 'announcements',
  },
  {
    name: 'Steph',
    accent: ACCENTS.us,
    variant: 'steph',
    gender: 'female',
    age: 'young',
    tone: 'casual',
    useCase: 'hospitality',
  },
  {
    name: 'Rose',
    accent: ACCENTS.us,
    variant: 'grandma',
    gender: 'female',
    age: 'older',
    tone: 'kindly',
    useCase: 'community services',
    speed: 150,
  },
  {
    name: 'Ethan',
    accent: ACCENTS.us,
    gender: 'male',
    age: 'middle-aged',
    tone: 'neutral',
    useCase: 'customer service',
  },
  {
    name: 'James',
    accent: ACCENTS.us,
    variant: 'm2',
    gender: 'male',
    age: 'middle-aged',
    tone: 'confident',
    useCase: 'sales',
  },
  {
    name: 'Noah',
    accent: ACCENTS.us,
    variant: 'm3',
    gender: 'male',
    age: 'young',
    tone: 'friendly',
    useCase: 'reception',
  },
  {
    name: 'Liam',
    accent: ACCENTS.us,
    variant: 'm4',
    gender: 'male',
    age: 'young',
    tone: 'energetic',
    useCase: 'retail',
  },
  {
    name: 'Daniel',
    accent: ACCENTS.us,
    variant: 'm5',
    gender: 'male',
    age: 'middle-aged',
    tone: 'calm',
    useCase: 'technical support',
  },
  {
    name: 'Michael',
    accent: ACCENTS.us,
    variant: 'm6',
    gender: 'male',
    age: 'middle-aged',
    tone: 'deep',
    useCase: 'professional services',
  },
  {
    name: 'Ryan',
    accent: ACCENTS.us,
    variant: 'm7',
    gender: 'male',
    age: 'young',
    tone: 'relaxed',
    useCase: 'hospitality',
  },
  {
    name: 'Walter',
    accent: ACCENTS.us,
    variant: 'm1',
    gender: 'male',
    age: 'older',
    tone: 'steady',
    useCase: 'trades and repairs',
    speed: 160,
  },
  {
    name: 'David',
    accent: ACCENTS.us,
    variant: 'david',
    gender: 'male',
    age: 'middle-aged',
    tone: 'measured',
    useCase: 'finance',
  },
  {
    name: 'Paul',
    accent: ACCENTS.us,
    variant: 'paul',
    gender: 'male',
    age: 'middle-aged',
    tone: 'warm',
    useCase: 'customer service',
  },
  {
    name: 'Max',
    accent: ACCENTS.us,
    variant: 'max',
    gender: 'male',
    age: 'young',
    tone: 'crisp',
    useCase: 'order updates',
  },
  {
    name: 'Quincy',
    accent: ACCENTS.us,
    variant: 'quincy',
    gender: 'male',
    age: 'middle-aged',
    tone: 'easygoing',
    useCase: 'hospitality',
  },
  {
    name: 'Tony',
    accent: ACCENTS.nyc,
    gender: 'male',
    age: 'middle-aged',
    tone: 'direct',
    useCase: 'trades and repairs',
  },
  {
    name: 'Gina',
    accent: ACCENTS.nyc,
    variant: 'f2',
    gender: 'female',
    age: 'middle-aged',
    tone: 'lively',
    useCase: 'restaurants',
  },
  {
    name: 'Charlotte',
    accent: ACCENTS.gb,
    variant: 'f3',
    gender: 'female',
    age: 'young',
    tone: 'warm',
    useCase: 'customer service',
  },
  {
    name: 'Amelia',
    accent: ACCENTS.gb,
    variant: 'f2',
    gender: 'female',
    age: 'middle-aged',
    tone: 'calm',
    useCase: 'healthcare',
  },
  {
    name: 'Anika',
    accent: ACCENTS.gb,
    variant: 'anika',
    gender: 'female',
    age: 'young',
    tone: 'bright',
    useCase: 'retail',
  },
  {
    name: 'Harry',
    accent: ACCENTS.gb,
    gender: 'male',
    age: 'middle-aged',
    tone: 'neutral',
    useCase: 'reception',
  },
  {
    name: 'Oliver',
    accent: ACCENTS.gb,
    variant: 'm3',
    gender: 'male',
    age: 'young',
    tone: 'friendly',
    useCase: 'customer service',
  },
  {
    name: 'Benjamin',
    accent: ACCENTS.gb,
    variant: 'benjamin',
    gender: 'male',
    age: 'middle-aged',
    tone: 'thoughtful',
    useCase: 'technical support',
  },
  {
    name: 'George',
    accent: ACCENTS.rp,
    gender: 'male',
    age: 'middle-aged',
    tone: 'polished',
    useCase: 'legal and finance',
  },
  {
    name: 'Victoria',
    accent: ACCENTS.rp,
    variant: 'f4',
    gender: 'female',
    age: 'middle-aged',
    tone: 'refined',
    useCase: 'luxury services',
  },
  {
    name: 'Edward',
    accent: ACCENTS.rp,
    variant: 'edward',
    gender: 'male',
    age: 'older',
    tone: 'distinguished',
    useCase: 'professional services',
  },
  {
    name: 'Isla',
    accent: ACCENTS.scotland,
    variant: 'f3',
    gender: 'female',
    age: 'young',
    tone: 'warm',
    useCase: 'hospitality',
  },
  {
    name: 'Fiona',
    accent: ACCENTS.scotland,
    variant: 'f5',
    gender: 'female',
    age: 'middle-aged',
    tone: 'calm',
    useCase: 'support',
  },
  {
    name: 'Callum',
    accent: ACCENTS.scotland,
    gender: 'male',
    age: 'middle-aged',
    tone: 'steady',
    useCase: 'trades and repairs',
  },
  {
    name: 'Ruby',
    accent: ACCENTS.lancs,
    variant: 'f2',
    gender: 'female',
    age: 'young',
    tone: 'chatty',
    useCase: 'retail',
  },
  {
    name: 'Jack',
    accent: ACCENTS.lancs,
    variant: 'm4',
    gender: 'male',
    age: 'young',
    tone: 'down-to-earth',
    useCase: 'trades and repairs',
  },
  {
    name: 'Sophie',
    accent: ACCENTS.midlands,
    variant: 'f3',
    gender: 'female',
    age: 'young',
    tone: 'friendly',
    useCase: 'appointments',
  },
  {
    name: 'Tom',
    accent: ACCENTS.midlands,
    variant: 'm5',
    gender: 'male',
    age: 'middle-aged',
    tone: 'patient',
    useCase: 'technical support',
  },
  {
    name: 'Kiara',
    accent: ACCENTS.caribbean,
    variant: 'f3',
    gender: 'female',
    age: 'young',
    tone: 'sunny',
    useCase: 'hospitality',
  },
  {
    name: 'Marcus',
    accent: ACCENTS.caribbean,
    gender: 'male',
    age: 'middle-aged',
    tone: 'relaxed',
    useCase: 'customer service',
  },
];

export function localVoiceId(spec: Pick<LocalVoiceSpec, 'accent' | 'variant'>): string {
  return spec.variant ? `${spec.accent.language}+${spec.variant}` : spec.accent.language;
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'An' : 'A';
}

function toVoice(spec: LocalVoiceSpec): Voice {
  const speaker = spec.age === 'middle-aged' ? spec.gender : `${spec.age} ${spec.gender}`;
  return {
    voiceId: localVoiceId(spec),
    name: `${spec.name} — ${spec.accent.title}, ${spec.tone} ${speaker}`,
    description: `${article(spec.tone)} ${spec.tone} ${spec.accent.title} voice that suits ${spec.useCase}. Offline voice (eSpeak NG).`,
    labels: {
      accent: spec.accent.label,
      gender: spec.gender,
      age: spec.age,
      description: spec.tone,
      use_case: spec.useCase,
    },
  };
}

const VOICES = CATALOGUE.map(toVoice);
const SPECS = new Map(CATALOGUE.map((spec) => [localVoiceId(spec), spec]));

/** The greeting each preview speaks. */
export function previewGreeting(name: string): string {
  return `Hi, this is ${name}. How can I help you today?`;
}

export interface LocalVoicesOptions {
  /** File cache folder for previews (DATA_DIR/cache/voice-previews); memory only when undefined. */
  cacheDir?: string | undefined;
  /** The synthesizer; tests may wrap it to count calls. */
  synthesize?: (voice: string, text: string, options: { speed?: number }) => Promise<Buffer>;
  cache?: PreviewCache;
}

/** Bumped when the synthesizer or the greeting changes, so stale cached files are not served. */
const PREVIEW_VERSION = 'v1';

export function createLocalVoices(options: LocalVoicesOptions = {}): VoiceProvider {
  const synthesize = options.synthesize ?? synthesizeWav;
  const cache = options.cache ?? createPreviewCache({ dir: options.cacheDir });
  return {
    kind: 'local',
    async listVoices() {
      return VOICES.map((voice) => ({ ...voice, labels: { ...voice.labels } }));
    },
    async findVoice(voiceId) {
      return VOICES.find((voice) => voice.voiceId === voiceId);
    },
    async previewVoice(voiceId): Promise<VoicePreview | undefined> {
      const spec = SPECS.get(voiceId);
      if (!spec) return undefined;
      const text = previewGreeting(spec.name);
      return cache.get(`local:${PREVIEW_VERSION}:${voiceId}:${text}`, async () => ({
        audio: await synthesize(voiceId, text, spec.speed ? { speed: spec.speed } : {}),
        contentType: 'audio/wav',
      }));
    },
    // Not cached: a sentence costs ~30 ms of this server's CPU and nothing else (espeak.ts keeps a warm instance).
    async speak(voiceId, text): Promise<SpokenAudio | undefined> {
      const spec = SPECS.get(voiceId);
      if (!spec) return undefined;
      return {
        audio: await synthesize(voiceId, text, spec.speed ? { speed: spec.speed } : {}),
        contentType: 'audio/wav',
      };
    },
    prepareToSpeak() {
      void warmUpSynthesizer().catch(() => undefined);
    },
  };
}
