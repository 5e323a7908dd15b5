// The espeak-ng package (eSpeak NG compiled to WASM by Emscripten) ships no types.
declare module 'espeak-ng' {
  interface ESpeakNgModule {
    FS: { readFile(path: string): Uint8Array; unlink(path: string): void };
    /** The program's main(argc, argv) (exported by the build; callMain is not). */
    _main(argc: number, argv: number): number;
  }
  interface ESpeakNgOptions {
    arguments: string[];
    /** Instantiate only: `main` is not run (the caller runs it later through `_main`). */
    noInitialRun?: boolean;
    instantiateWasm?: (
      imports: WebAssembly.Imports,
      receive: (instance: WebAssembly.Instance, module?: WebAssembly.Module) => void,
    ) => object;
    print?: (text: string) => void;
    printErr?: (text: string) => void;
    quit?: (status: number, toThrow: unknown) => void;
  }
  export default function ESpeakNg(options: ESpeakNgOptions): Promise<ESpeakNgModule>;
}
