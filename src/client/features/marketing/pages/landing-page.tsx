import { Link } from 'react-router';
import {
  ArrowRight,
  BadgeCheck,
  BookOpenText,
  ChevronDown,
  Clock,
  FileText,
  Headphones,
  ListChecks,
  MessagesSquare,
  PhoneCall,
  PiggyBank,
  Rocket,
  ShieldCheck,
  Store,
  Timer,
  UserRoundCheck,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Logo } from '../../../components/brand/logo.tsx';
import { CallPreview } from '../components/call-preview.tsx';
import { LandingNav } from '../components/landing-nav.tsx';

interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
}

const STATS = [
  { value: '24/7', label: 'availability, nights and holidays included' },
  { value: '70%', label: 'lower cost than staffing the phones' },
  { value: '100%', label: 'of calls answered, none sent to voicemail' },
  { value: '80%', label: 'of caller issues resolved by the AI' },
];

const BENEFITS: Feature[] = [
  {
    icon: Clock,
    title: 'Open 24/7',
    text: 'Your phone is answered at 2 AM on a Sunday as well as at noon on a Tuesday. Customers never hear a closed message again.',
  },
  {
    icon: PiggyBank,
    title: 'Cut answering costs by 70%',
    text: 'Pay for the minutes you use instead of extra staff or an answering service. Plans start at $99 a month.',
  },
  {
    icon: PhoneCall,
    title: '100% call coverage',
    text: 'No hold music, no busy signal, no voicemail. Every caller gets a real answer on the first ring.',
  },
  {
    icon: BadgeCheck,
    title: '80% of issues resolved',
    text: 'Product questions, troubleshooting steps, opening hours, policies: the AI handles the everyday calls on its own.',
  },
  {
    icon: BookOpenText,
    title: 'Answers from your documents',
    text: 'Upload manuals, FAQs and policies. The agent answers from what your business actually says, not from guesswork.',
  },
  {
    icon: UserRoundCheck,
    title: 'A human when it matters',
    text: 'When a caller asks for a person, or the answer is not in your documents, the call goes to your team.',
  },
];

const STEPS = [
  {
    icon: Wallet,
    title: 'Choose a plan',
    text: 'Start with the 7-day trial or pick the monthly plan that fits your call volume.',
  },
  {
    icon: PhoneCall,
    title: 'Pick your phone number',
    text: 'Choose a number from the available list and add an optional transfer number for live hand-offs.',
  },
  {
    icon: FileText,
    title: 'Upload your documents',
    text: 'Product details, troubleshooting guides, repair manuals, policies and FAQs (PDF, DOC, DOCX or TXT).',
  },
  {
    icon: Headphones,
    title: 'Choose a voice and go live',
    text: 'Pick from 38+ natural voices and activate. Your AI agent starts answering calls right away.',
  },
];

const REASONS: Feature[] = [
  {
    icon: Rocket,
    title: 'Set up in minutes',
    text: 'No scripts and no call trees to build. Most businesses are live within 15 minutes.',
  },
  {
    icon: MessagesSquare,
    title: 'Every call on the record',
    text: 'Full transcripts with speaker labels and a short summary of each call, in your call history.',
  },
  {
    icon: ShieldCheck,
    title: 'Escalation alerts',
    text: 'On Pro and Enterprise, you get an email with the call details and transcript whenever a call is escalated.',
  },
  {
    icon: ListChecks,
    title: 'Always up to date',
    text: 'Add or remove a document and the agent knows about it immediately. Nothing to retrain.',
  },
  {
    icon: Timer,
    title: 'Minutes that never expire',
    text: 'Need more? Extra minutes cost $0.60 each, never expire and roll over month to month.',
  },
  {
    icon: Store,
    title: 'Made for small teams',
    text: 'No IT department needed. If you can upload a PDF, you can run your own AI receptionist.',
  },
];

const FAQS = [
  {
    question: 'How does the AI know what to tell my callers?',
    answer:
      'It reads the documents you upload: product sheets, troubleshooting guides, repair manuals, policies and FAQs. Every answer comes from that knowledge base, and you can add or remove documents at any time.',
  },
  {
    question: 'What happens when the AI cannot answer a question?',
    answer:
      'It tells the caller it will get them to a person and transfers the call to your transfer number, or takes a message if you have none. On the Pro and Enterprise plans you also get an email alert with the call details and the full transcript.',
  },
  {
    question: 'How long does it take to get started?',
    answer:
      'Minutes. Choose a plan, pick a phone number, upload your documents and select a voice. Most businesses are live within 15 minutes.',
  },
  {
    question: 'Can I see what was said on each call?',
    answer:
      'Yes. Call history shows every call with its date, duration, a summary and the full transcript with speaker labels, so you always know what your customers asked.',
  },
  {
    question: 'What if I run out of minutes?',
    answer:
      'Buy extra minutes at any time from $0.60 per minute, in packs of 100 to 1,000. They never expire and roll over, or you can upgrade to a bigger plan. You can also try everything first with the 7-day trial.',
  },
];

function SectionHeading({ eyebrow, title, text }: { eyebrow: string; title: string; text: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{eyebrow}</p>
      <h2 className="mt-2 text-3xl font-bold tracking-tight text-balance text-ink-900 sm:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-lg text-pretty text-ink-500">{text}</p>
    </div>
  );
}

export function LandingPage() {
  return (
    <div className="min-h-dvh bg-white">
      <LandingNav />

      <main>
        {/* Hero */}
        <section className="relative overflow-hidden pt-16">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_20%_-10%,rgb(189_211_255/0.55),transparent),radial-gradient(40rem_25rem_at_100%_20%,rgb(209_250_229/0.6),transparent)]"
          />
          <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.1fr_1fr]">
            <div className="text-center lg:text-left">
              <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/80 px-3 py-1 text-xs font-semibold text-brand-700 shadow-xs">
                <span className="size-1.5 rounded-full bg-emerald-500" />
                Live within 15 minutes
              </p>
              <h1 className="mt-6 text-4xl leading-[1.1] font-bold tracking-tight text-balance text-ink-950 sm:text-5xl lg:text-[3.25rem]">
                An AI phone agent that answers <span className="text-brand-600">every call</span>, day and
                night
              </h1>
              <p className="mx-auto mt-6 max-w-xl text-lg text-pretty text-ink-600 lg:mx-0">
                AnswerDesk learns your business from the documents you already have and answers your
                customers' calls 24/7. It resolves most questions on its own and hands the rest to your team.
              </p>
              <div className="mt-9 flex flex-col items-center gap-3 sm:flex-row sm:justify-center lg:justify-start">
                <Button asChild size="lg" className="w-full sm:w-auto">
                  <Link to="/pricing">
                    Get Started Today
                    <ArrowRight aria-hidden="true" className="size-4" />
                  </Link>
                </Button>
                <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
                  <a href="#how-it-works">See how it works</a>
                </Button>
              </div>
              <p className="mt-5 text-sm text-ink-500">7-day trial for $10 · No contracts · Cancel anytime</p>
            </div>
            <CallPreview />
          </div>
        </section>

        {/* Marketing figures (SPEC 1) */}
        <section aria-label="AnswerDesk in numbers" className="border-y border-ink-100 bg-ink-50/60">
          <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-8 px-4 py-12 sm:px-6 lg:grid-cols-4">
            {STATS.map((stat) => (
              <div key={stat.value} className="text-center">
                <dt className="sr-only">{stat.label}</dt>
                <dd className="text-4xl font-bold tracking-tight text-brand-600 sm:text-5xl">{stat.value}</dd>
                <dd className="mx-auto mt-2 max-w-[14rem] text-sm text-ink-600">{stat.label}</dd>
              </div>
            ))}
          </dl>
        </section>

        {/* Benefits */}
        <section id="about" className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28">
          <SectionHeading
            eyebrow="Benefits"
            title="Your front desk, without the missed calls"
            text="Every unanswered call is a customer who tries someone else. AnswerDesk picks up every time, so you don't have to."
          />
          <div className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {BENEFITS.map(({ icon: Icon, title, text }) => (
              <article
                key={title}
                className="rounded-2xl border border-ink-200/80 bg-white p-6 shadow-card transition-shadow hover:shadow-lift"
              >
                <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="mt-5 text-lg font-semibold text-ink-900">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-ink-600">{text}</p>
              </article>
            ))}
          </div>
        </section>

        {/* How it works */}
        <section id="how-it-works" className="bg-ink-950 py-20 text-white sm:py-28">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <div className="mx-auto max-w-2xl text-center">
              <p className="text-sm font-semibold tracking-wide text-brand-300 uppercase">How it works</p>
              <h2 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
                From sign-up to answering calls in four steps
              </h2>
              <p className="mt-4 text-lg text-ink-300">
                Setup takes minutes, not weeks. No technical skills required.
              </p>
            </div>
            <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {STEPS.map(({ icon: Icon, title, text }, index) => (
                <li key={title} className="relative rounded-2xl border border-white/10 bg-white/5 p-6">
                  <div className="flex items-center gap-3">
                    <span className="flex size-9 items-center justify-center rounded-full bg-brand-500 text-sm font-bold">
                      {index + 1}
                    </span>
                    <Icon aria-hidden="true" className="size-5 text-brand-300" />
                  </div>
                  <h3 className="mt-5 text-lg font-semibold">{title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-ink-300">{text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        {/* Why us */}
        <section id="why-us" className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28">
          <SectionHeading
            eyebrow="Why AnswerDesk"
            title="Built for businesses that can't afford to miss a call"
            text="A receptionist that knows your products, never takes a break and tells you exactly what happened on every call."
          />
          <div className="mt-14 grid gap-x-10 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
            {REASONS.map(({ icon: Icon, title, text }) => (
              <div key={title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-emerald-50 text-emerald-600">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <h3 className="font-semibold text-ink-900">{title}</h3>
                  <p className="mt-1.5 text-sm leading-relaxed text-ink-600">{text}</p>
                </div>
              </div>
            ))}
          </div>
        </section>

        {/* FAQ */}
        <section id="faq" className="border-t border-ink-100 bg-ink-50/60 py-20 sm:py-28">
          <div className="mx-auto max-w-3xl px-4 sm:px-6">
            <SectionHeading
              eyebrow="FAQ"
              title="Questions, answered"
              text="Everything you need to know before your agent takes its first call."
            />
            <div className="mt-12 divide-y divide-ink-200 rounded-2xl border border-ink-200 bg-white shadow-card">
              {FAQS.map((faq) => (
                <details key={faq.question} name="faq" className="group">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-6 py-5 text-left font-semibold text-ink-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none focus-visible:ring-inset [&::-webkit-details-marker]:hidden">
                    {faq.question}
                    <ChevronDown
                      aria-hidden="true"
                      className="size-5 shrink-0 text-ink-400 transition-transform group-open:rotate-180"
                    />
                  </summary>
                  <p className="px-6 pb-5 text-sm leading-relaxed text-ink-600">{faq.answer}</p>
                </details>
              ))}
            </div>
          </div>
        </section>

        {/* Closing call to action */}
        <section className="px-4 py-20 sm:px-6 sm:py-24">
          <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-brand-600 px-6 py-14 text-center text-white shadow-xl shadow-brand-900/20 sm:px-12">
            <div
              aria-hidden="true"
              className="absolute inset-0 bg-[radial-gradient(40rem_20rem_at_0%_0%,rgb(255_255_255/0.18),transparent),radial-gradient(30rem_20rem_at_100%_100%,rgb(16_185_129/0.25),transparent)]"
            />
            <h2 className="relative text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              Ready to answer every call?
            </h2>
            <p className="relative mx-auto mt-4 max-w-xl text-lg text-brand-100">
              Set up your AI phone agent today. Most businesses are live within 15 minutes.
            </p>
            <Button asChild size="lg" variant="inverse" className="relative mt-8">
              <Link to="/pricing">
                Get Started Today
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </Button>
          </div>
        </section>
      </main>

      <footer className="border-t border-ink-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-12 sm:px-6 md:flex-row md:items-start md:justify-between">
          <div className="max-w-xs">
            <Logo />
            <p className="mt-3 text-sm text-ink-500">
              AI phone agents that answer every call for small businesses, from your own documents.
            </p>
          </div>
          <nav aria-label="Footer" className="grid grid-cols-2 gap-x-12 gap-y-2 text-sm">
            <a
              href="#about"
              className="inline-flex min-h-11 items-center text-ink-600 hover:text-ink-900 sm:min-h-0"
            >
              About
            </a>
            <Link
              to="/pricing"
              className="inline-flex min-h-11 items-center text-ink-600 hover:text-ink-900 sm:min-h-0"
            >
              Pricing
            </Link>
            <a
              href="#how-it-works"
              className="inline-flex min-h-11 items-center text-ink-600 hover:text-ink-900 sm:min-h-0"
            >
              How it works
            </a>
            <Link
              to="/auth"
              className="inline-flex min-h-11 items-center text-ink-600 hover:text-ink-900 sm:min-h-0"
            >
              Sign in
            </Link>
            <a
              href="#faq"
              className="inline-flex min-h-11 items-center text-ink-600 hover:text-ink-900 sm:min-h-0"
            >
              FAQ
            </a>
            <a
              href="#why-us"
              className="inline-flex min-h-11 items-center text-ink-600 hover:text-ink-900 sm:min-h-0"
            >
              Why us
            </a>
          </nav>
        </div>
        <div className="border-t border-ink-100">
          <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-ink-500 sm:px-6">
            © {new Date().getFullYear()} AnswerDesk. All rights reserved.
          </p>
        </div>
      </footer>
    </div>
  );
}
