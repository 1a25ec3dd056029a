// A side-effect import of a stylesheet (`import './Dialog.css'`) is resolved and bundled by Rspack,
// which fails the build on a missing file; TypeScript 7 checks side-effect imports by default
// (noUncheckedSideEffectImports) and needs to know such a module exists.
declare module '*.css';
