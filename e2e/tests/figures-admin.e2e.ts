// runs-long: 55 s (the admin portal's figures against the database)
import { describe } from 'vitest';
import { DEMO_ADMIN } from '../support/auth';
import { setupBrowser } from '../support/browser';
import { figuresOfRole } from '../support/figures';

const browser = setupBrowser();

// Issue 36: the figures an admin reads (e2e/support/figures.ts); a file of its own so it runs beside the others.
describe('no figure an admin reads is invented', () => {
  for (const screens of [
    {
      role: 'admin',
      account: DEMO_ADMIN,
      paths: [
        '/admin/dashboard',
        '/admin/users',
        '/admin/messages',
        '/admin/transactions',
        '/admin/moderation',
        '/admin/support',
        '/admin/settings',
        '/admin/audit',
        '/admin/stuck-jobs',
        '/admin/disputes',
        '/admin/system',
      ],
    },
  ])
    figuresOfRole(browser, screens);
});
