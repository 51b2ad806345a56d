import { LIMITS, MESSAGE_MESSAGES } from '@fanline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { AttachmentPicker, type PickedImage } from '../../../components/messaging/attachment-picker';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { liveKeys } from '../../../lib/realtime/live-keys';
import { answerConversation, type TAnswerKind } from '../api/dashboard';

const COPY = {
  response: {
    label: 'Your response',
    help: 'Your reply answers every unanswered message in this conversation, and you are paid for them.',
    button: 'Send Response',
    sent: MESSAGE_MESSAGES.responseSent,
    failed: MESSAGE_MESSAGES.responseFailed,
  },
  followup: {
    label: 'Send a follow-up',
    help: 'Follow-ups are free for the fan.',
    button: 'Send Follow-up',
    sent: MESSAGE_MESSAGES.followupSent,
    failed: MESSAGE_MESSAGES.followupFailed,
  },
} as const;

/**
 * spec §4 Creator reply box: the response box while a paid message is unanswered, else the free
 * follow-up box. spec §5: trimmed 10-1000 characters; send disabled while sending or under 10.
 */
export function ReplyBox({ messageId, kind }: { messageId: string; kind: TAnswerKind }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [content, setContent] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const copy = COPY[kind];
  const length = content.trim().length;
  const ready = length >= LIMITS.response.min;
  const tooLong = length > LIMITS.response.max;

  const mutation = useMutation({
    mutationFn: answerConversation,
    onSuccess: () => {
      toast.success(copy.sent);
      setContent('');
      setImages([]);
    },
    onError: (error) => {
      toast.error(copy.failed, {
        description:
          error instanceof ApiError
            ? error.code === 'MESSAGE_EXPIRED'
              ? MESSAGE_MESSAGES.expired
              : (error.fields?.content ?? error.message)
            : undefined,
      });
    },
    // spec §4: the page reloads after an answer; refetching the conversation and stats does the same.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: liveKeys.conversations }),
        queryClient.invalidateQueries({ queryKey: liveKeys.creatorStats }),
      ]),
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready || tooLong || mutation.isPending) return;
        mutation.mutate({ messageId, kind, content: content.trim(), attachmentIds: images.map((image) => image.id) });
      }}
    >
      <label htmlFor={`${id}-text`} className="block text-sm font-medium text-slate-700">
        {copy.label}
      </label>
      <p id={`${id}-help`} className="text-xs text-slate-500">
        {copy.help}
      </p>
      <Textarea
        id={`${id}-text`}
        className="mt-2"
        rows={4}
        value={content}
        aria-describedby={`${id}-help ${id}-hint`}
        onChange={(event) => setContent(event.target.value)}
      />
      <AttachmentPicker value={images} onChange={setImages} disabled={mutation.isPending} />
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p
          id={`${id}-hint`}
          aria-live="polite"
          className={cn('text-xs', tooLong ? 'text-red-600' : ready ? 'text-emerald-700' : 'text-amber-700')}
        >
          {tooLong ? MESSAGE_MESSAGES.tooLong : ready ? MESSAGE_MESSAGES.readyToSend : MESSAGE_MESSAGES.minimumChars}
          <span className="text-slate-500">
            {' '}
            · {length}/{LIMITS.response.max}
          </span>
        </p>
        <Button type="submit" disabled={!ready || tooLong || mutation.isPending}>
          <Send className="h-4 w-4" aria-hidden="true" />
          {mutation.isPending ? 'Sending…' : copy.button}
        </Button>
      </div>
    </form>
  );
}
