/**
 * Files of the built web app that are sent compressed: text, and WebAssembly (which shrinks by about two
 * thirds). The build writes a .br and a .gz copy of each (scripts/precompress.ts); the server picks one.
 */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|wasm|map)$/;
