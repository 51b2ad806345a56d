// runs-long: 50 s (every creator's figures against the database)
import { describe } from 'vitest';
import { DEMO_CREATOR, demoCreator } from '../support/auth';
import { setupBrowser } from '../support/browser';
import { conversation, figuresOfRole } from '../support/figures';

const browser = setupBrowser();

// Issue 36: the figures a creator reads (e2e/support/figures.ts); a file of its own so it runs beside the others.
describe('no figure a creator reads is invented', () => {
  for (const screens of [
    {
      role: 'creator',
      account: DEMO_CREATOR,
      paths: [
        '/dashboard/messages',
        conversation('/dashboard/messages'),
        '/dashboard/earnings',
        '/dashboard/settings',
        '/dashboard/settings?tab=pricing',
        '/dashboard/settings?tab=notifications',
        '/dashboard/settings?tab=security',
        '/dashboard/settings?tab=payout',
        '/dashboard/settings?tab=blocked',
        `/${DEMO_CREATOR.username}`,
      ],
    },
    {
      role: 'new-ish creator',
      account: demoCreator('devdaniel'),
      paths: [
        '/dashboard/messages',
        conversation('/dashboard/messages'),
        '/dashboard/earnings',
        '/dashboard/settings',
        '/dashboard/settings?tab=pricing',
        '/dashboard/settings?tab=payout',
        '/devdaniel',
      ],
    },
  ])
    figuresOfRole(browser, screens);
});
