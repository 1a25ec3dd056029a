// The stack helpers are shared with `npm start` and the benchmarks (scripts/stack.mjs).
export { freePort, type PortalStack, repoRoot, startStack } from '../../scripts/stack.mjs';
