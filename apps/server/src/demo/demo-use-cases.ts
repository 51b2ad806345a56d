import type { FastifyInstance } from 'fastify';
import { seedDemoActivity } from './demo-activity';
import { seedDemoConversations } from './demo-conversations';
import { seedDemoModeration } from './demo-moderation';
import { seedDemoSupport } from './demo-support';

/**
 * The demo seeds that run the real use cases (so the ledger balances) on a freshly seeded database,
 * after app.ready() and before the server listens: the demo fan's conversations first (they need a
 * fan who has sent nothing), then other fans' conversations, reviews and presence, then the support
 * inbox. Nobody else can reach the server yet, so while they run the log keeps warnings and errors
 * only (unless LOG_LEVEL asks for more than `info`), and their mails are one summary line: dozens of
 * request and mail lines would otherwise bury the demo logins printed next. A failure is logged; the
 * server starts anyway.
 */
export async function seedDemoUseCases(app: FastifyInstance, creatorPassword: string): Promise<void> {
  const level = app.log.level;
  if (level === 'info') app.log.level = 'warn';
  const endMailSummary = app.mailer.summarize('Seeding the demo data');
  try {
    if (await seedDemoConversations(app)) await seedDemoModeration(app);
    await seedDemoActivity(app, creatorPassword);
    await seedDemoSupport(app);
  } catch (error) {
    app.log.error({ err: error }, 'could not seed the demo conversations');
  } finally {
    app.log.level = level;
    endMailSummary();
  }
}
