// The stack helpers are shared with `npm start` and the benchmarks (scripts/stack.mjs).
export { type PortalStack, repoRoot, startStack } from '../../scripts/stack.mjs';
