// The `ws` package ships no types and @types/ws is not installed; tests and the bench use it as a plain client.
declare module 'ws';
