import { eachEngine, expect, test } from '../fixtures';
import { role } from '../user';

const TRANSACTION_ID = '3b241101-e2bb-4255-8caf-4136c566a962';
const box = role('region', 'Troubleshooting information');

eachEngine((engine) => {
  test(`${engine}: the help page's 'Copy to Clipboard' says 'Copied!' and is back after 1 s`, async ({
    open,
  }) => {
    const user = await open(engine);
    await user.goto(`/help?X-CLIENT-TRANSACTION-ID=${TRANSACTION_ID}`);
    await user.see(
      role('listitem', undefined, { within: box, hasText: `Client Transaction ID: ${TRANSACTION_ID}` }),
    );
    await user.click(role('button', 'Copy to Clipboard', { within: box }));
    await user.disabled(role('button', 'Copied!', { within: box }));
    await user.seeText(role('status', undefined, { within: box }), 'Copied!');
    await user.gone(role('alert', undefined, { within: box }));
    // Only Chromium lets a test read the clipboard back; elsewhere what the page shows is the check.
    const copied = await user.driver.readClipboard();
    if (copied !== null) expect(copied).toContain(`Client Transaction ID: ${TRANSACTION_ID}`);
    await user.enabled(role('button', 'Copy to Clipboard', { within: box }));
  });
});
