import type { ReactNode } from 'react';
import { RequireAuth } from '../../components/auth/require-auth';
import { ConversationList } from './components/conversation-list';

/** spec §2 /messages: the signed-in user's conversations. `actions` sit beside the heading (the bell). */
export function MessagesPage({ actions }: { actions?: ReactNode }) {
  return (
    <RequireAuth>
      <title>Messages · Fanline</title>
      <section className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
        <div className="mb-6 flex items-center justify-between gap-3">
          <div>
            <h1 className="text-3xl font-bold text-slate-900">Messages</h1>
            <p className="mt-1 text-slate-600">Your conversations with creators.</p>
          </div>
          {actions}
        </div>
        <ConversationList />
      </section>
    </RequireAuth>
  );
}
