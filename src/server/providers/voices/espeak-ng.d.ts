// The espeak-ng package (eSpeak NG compiled to WASM by Emscripten) ships no types.
declare module 'espeak-ng' {
  interface ESpeakNgModule {
    FS: { readFile(path: string): Uint8Array; unlink(path: string): void };
  }
  interface ESpeakNgOptions {
    arguments: string[];
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
