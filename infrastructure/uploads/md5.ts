/**
 * hash-wasm's MD5 alone, for the one dynamic import of ./digest.ts: a named import keeps the
 * bundle to this algorithm (the package holds many, 215 kB together).
 */
export { md5 } from 'hash-wasm';
