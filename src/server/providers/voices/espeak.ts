/**
 * eSpeak NG (the `espeak-ng` npm package: the C synthesizer compiled to WASM, GPL-3.0-or-later) run on the
 * server only. The package exposes the command line program, not a library: each run uses a fresh instance of
 * the module and runs its `main` once (the program keeps global state, so an instance is never run twice).
 *
 * Cost and memory: the 18 MB WASM binary is compiled once per process. Instantiating it is most of the cost, so
 * the next run's instance is made ahead of time (`spare`, below); `main` then speaks a sentence in ~30 ms. Each
 * instance owns a 32 MB linear memory that V8 frees when the instance is dropped; runs are serialized, so at
 * most one instance runs and one waits as the spare (plus garbage awaiting collection). Measured over 300
 * consecutive runs: RSS stays between ~170 and ~250 MB, it does not grow (see espeak.test.ts and
 * docs/decisions/031-voices-and-hosted-agents.md).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ProviderError } from '../../lib/errors.ts';

let compiled: Promise<WebAssembly.Module> | undefined;

function compiledModule(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasmPath = path.join(path.dirname(require.resolve('espeak-ng')), 'espeak-ng.wasm');
    return WebAssembly.compile(await readFile(wasmPath));
  })();
  compiled.catch(() => {
    compiled = undefined;
  });
  return compiled;
}

let queue: Promise<unknown> = Promise.resolve();
let runs = 0;

/** How many times the synthesizer ran in this process (tests check the preview cache with it). */
export function espeakRunCount(): number {
  return runs;
}

export interface SynthesisOptions {
  /** Words per minute (eSpeak default 175). */
  speed?: number;
  /** 0-99 (eSpeak default 50). */
  pitch?: number;
}

/** One instantiated synthesizer whose `main` has not run yet. */
interface Instance {
  module: ESpeakNgModule;
  exports: { memory: WebAssembly.Memory; malloc(size: number): number };
  errors: string[];
}

type ESpeakNgModule = Awaited<ReturnType<(typeof import('espeak-ng'))['default']>>;

/**
 * The next run's instance, instantiated ahead of time. Instantiating costs most of a run (the 18 MB module's
 * embedded voice data is copied into a fresh memory: ~60 ms idle, ~160 ms on a busy machine) while speaking a
 * sentence takes ~30 ms, so a test call's reply starts ~4 times sooner when the instance is ready. At most one
 * spare is alive (one 32 MB memory more), made in the queue after each run and by `warmUpSynthesizer`.
 */
let spare: Promise<Instance> | undefined;

/**
 * Instantiating blocks this thread for a while: the next spare is made a moment after a run, once the audio it
 * produced has been sent, not right behind it.
 */
const SPARE_DELAY_MS = 150;

/** Speaks `text` with an eSpeak voice spec such as `en-us+f3`; returns a 22050 Hz 16-bit mono WAV. */
export function synthesizeWav(voice: string, text: string, options: SynthesisOptions = {}): Promise<Buffer> {
  const run = enqueue(() => runOnce(voice, text, options));
  const later = setTimeout(() => void enqueue(prepareSpare), SPARE_DELAY_MS);
  later.unref();
  return run;
}

/** Makes the next synthesis fast: instantiates its synthesizer now (in the queue, never alongside a run). */
export function warmUpSynthesizer(): Promise<void> {
  return enqueue(prepareSpare);
}

function enqueue<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work);
  queue = run.catch(() => undefined);
  return run;
}

async function prepareSpare(): Promise<void> {
  if (spare) return;
  const made = instantiate();
  spare = made;
  await made.catch(() => {
    if (spare === made) spare = undefined;
  });
}

async function instantiate(): Promise<Instance> {
  const { default: ESpeakNg } = await import('espeak-ng');
  const module = await compiledModule();
  const errors: string[] = [];
  let exports: Instance['exports'] | undefined;
  const instance = await ESpeakNg({
    arguments: [],
    // `main` runs later, with the run's arguments (see runOnce).
    noInitialRun: true,
    instantiateWasm: (imports, receive) => {
      WebAssembly.instantiate(module, imports).then(
        (wasm) => {
          exports = wasm.exports as unknown as Instance['exports'];
          receive(wasm, module);
        },
        (error: unknown) => errors.push(String(error)),
      );
      return {};
    },
    print: () => undefined,
    printErr: (line) => errors.push(line),
    // The default sets process.exitCode to the program's status: keep the server's own exit code intact.
    quit: (_status, toThrow) => {
      throw toThrow;
    },
  });
  if (!exports) throw new ProviderError('espeak-ng', `no synthesizer: ${errors.join(' ')}`, true);
  return { module: instance, exports, errors };
}

/** Runs the program's `main` once with `args` (what Emscripten's unexported callMain does). */
function callMain(instance: Instance, args: string[]): void {
  const { memory, malloc } = instance.exports;
  const encoder = new TextEncoder();
  const all = ['espeak-ng', ...args];
  const pointers = all.map((arg) => {
    const bytes = encoder.encode(`${arg}\0`);
    const pointer = malloc(bytes.length);
    new Uint8Array(memory.buffer, pointer, bytes.length).set(bytes);
    return pointer;
  });
  const argv = malloc(4 * (pointers.length + 1));
  const table = new Uint32Array(memory.buffer, argv, pointers.length + 1);
  pointers.forEach((pointer, i) => (table[i] = pointer));
  table[pointers.length] = 0;
  try {
    instance.module._main(all.length, argv);
  } catch (error) {
    // exit(status) ends main by throwing Emscripten's ExitStatus (through our quit); the WAV tells success.
    if ((error as { name?: string } | null)?.name !== 'ExitStatus') throw error;
  }
}

async function runOnce(voice: string, text: string, options: SynthesisOptions): Promise<Buffer> {
  const ready = spare;
  spare = undefined;
  const instance = (await ready?.catch(() => undefined)) ?? (await instantiate());
  const args = ['-w', '/out.wav', '-v', voice];
  if (options.speed) args.push('-s', String(options.speed));
  if (options.pitch !== undefined) args.push('-p', String(options.pitch));
  // `--` ends the options: text starting with '-' is still spoken, never parsed as a flag.
  args.push('--', text);
  runs += 1;
  callMain(instance, args);
  let wav: Uint8Array;
  try {
    wav = instance.module.FS.readFile('/out.wav');
  } catch {
    throw new ProviderError(
      'espeak-ng',
      `no audio for voice ${voice}: ${instance.errors.join(' ').slice(0, 200)}`,
      false,
    );
  }
  // Copy out of the instance's heap so the 32 MB linear memory can be collected with the instance.
  const audio = Buffer.from(wav);
  if (audio.length <= 44) {
    throw new ProviderError('espeak-ng', `empty audio for voice ${voice}`, false);
  }
  return audio;
}
