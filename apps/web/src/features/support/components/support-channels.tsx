import { Mail, MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { SUPPORT_EMAIL } from '../../../paths';

export function SupportChannels() {
  return (
    <ul className="grid gap-3 md:grid-cols-2 lg:grid-cols-1">
      {/* Issue 36 §17: no "Live chat is on its way" and no response time nobody measures; the two ways
          that exist today. */}
      <Channel icon={<MessageCircle className="h-6 w-6" aria-hidden="true" />} title="Contact form">
        <p>Write to the support team from this page; the answer comes to your email.</p>
        <a href="#contact" className="mt-2 inline-block font-medium text-brand-700 hover:underline">
          Message us
        </a>
      </Channel>
      <Channel icon={<Mail className="h-6 w-6" aria-hidden="true" />} title="Email Support">
        <p>Write to us any time, from any inbox.</p>
        <a href={`mailto:${SUPPORT_EMAIL}`} className="mt-2 inline-block font-medium text-brand-700 hover:underline">
          {SUPPORT_EMAIL}
        </a>
      </Channel>
    </ul>
  );
}

function Channel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li>
      <Card className="flex h-full gap-4 p-5">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
          {icon}
        </span>
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{title}</h3>
          <div className="mt-1 text-sm text-slate-600">{children}</div>
        </div>
      </Card>
    </li>
  );
}
