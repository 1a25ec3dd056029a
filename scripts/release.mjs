// `node scripts/release.mjs <command> …` (or `npm run release -- …`): the release tool of
// release/ (stage, verify, promote, rollback, status; --help).
import { releaseModule } from './releaseTool.mjs';

await import(releaseModule('main'));
