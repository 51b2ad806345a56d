import { Clock, Mail, MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { SUPPORT_EMAIL } from '../../../paths';

export function SupportChannels() {
  return (
    <ul className="grid gap-3 md:grid-cols-3 lg:grid-cols-1">
      <Channel icon={<MessageCircle className="h-6 w-6" aria-hidden="true" />} title="Live Chat">
        <p>Live chat is on its way. Until then the contact form reaches the same team.</p>
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
      <Channel icon={<Clock className="h-6 w-6" aria-hidden="true" />} title="Fast answers">
        <p>We typically respond within 2 hours.</p>
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
