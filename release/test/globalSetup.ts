import { buildCli } from './helpers/spawnCli.js';

/**
 * Once before every test file: the tests that run the release tool as processes of its own
 * (concurrency, crash, identity) need release/dist built from these sources, and building it in
 * each file's workers at once would write the same files twice while other processes load them.
 */
export default function setup(): void {
  buildCli();
}
