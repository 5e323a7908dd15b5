/**
 * eSpeak NG (the `espeak-ng` npm package: the C synthesizer compiled to WASM, GPL-3.0-or-later) run on the
 * server only. The package exposes the command line program, not a library: each run instantiates the module
 * and runs `main` once (`callMain` is not exported, so an instance cannot be re-entered).
 *
 * Cost and memory: the 18 MB WASM binary is compiled once per process and every run instantiates that
 * compiled module (~70-100 ms for a greeting). Each instance owns a 32 MB linear memory that V8 frees when the
 * instance is dropped; runs are serialized so at most one instance is alive at a time (plus garbage awaiting
 * collection). Measured over 300 consecutive runs: RSS stays between ~170 and ~250 MB, it does not grow
 * (see voices.local.test.ts and docs/decisions/031-voices-and-hosted-agents.md).
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

/** Speaks `text` with an eSpeak voice spec such as `en-us+f3`; returns a 22050 Hz 16-bit mono WAV. */
export function synthesizeWav(voice: string, text: string, options: SynthesisOptions = {}): Promise<Buffer> {
  const run = queue.then(() => runOnce(voice, text, options));
  queue = run.catch(() => undefined);
  return run;
}

async function runOnce(voice: string, text: string, options: SynthesisOptions): Promise<Buffer> {
  const { default: ESpeakNg } = await import('espeak-ng');
  const module = await compiledModule();
  const errors: string[] = [];
  const args = ['-w', '/out.wav', '-v', voice];
  if (options.speed) args.push('-s', String(options.speed));
  if (options.pitch !== undefined) args.push('-p', String(options.pitch));
  // `--` ends the options: text starting with '-' is still spoken, never parsed as a flag.
  args.push('--', text);
  runs += 1;
  const instance = await ESpeakNg({
    arguments: args,
    instantiateWasm: (imports, receive) => {
      WebAssembly.instantiate(module, imports).then(
        (wasm) => receive(wasm, module),
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
  let wav: Uint8Array;
  try {
    wav = instance.FS.readFile('/out.wav');
  } catch {
    throw new ProviderError(
      'espeak-ng',
      `no audio for voice ${voice}: ${errors.join(' ').slice(0, 200)}`,
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
