import { ZInstagramKeyRequest } from '@fanline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { findKeys } from '../../../components/creators/find-creators-query';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Field, fieldAria } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { instagramKeyKey, instagramKeyQuery, saveInstagramKey, type TInstagramKeyStatus } from '../api/find-creators';

/** What the server will use. A key in the server configuration wins over one saved here. */
function statusText({ configured, source }: TInstagramKeyStatus): string {
  if (source === 'none') return 'No key is configured yet: searches show platform creators only.';
  const where =
    source === 'config'
      ? 'A key is set in the server configuration; it takes precedence over a key saved here.'
      : 'A key is saved in the platform settings.';
  return configured ? where : `${where} The server has no lookup service address configured, though.`;
}

/**
 * spec §2 API key setup dialog, for admins only (the page renders it only for them; the server checks
 * again). The key is sent to our server once and never kept in the browser: not in storage, and the
 * field empties after saving.
 */
export function ApiKeyDialog({ trigger }: { trigger?: ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState('');
  const [error, setError] = useState<string>();
  const queryClient = useQueryClient();
  const status = useQuery({ ...instagramKeyQuery(), enabled: open });
  const mutation = useMutation({
    mutationFn: saveInstagramKey,
    onSuccess: (next) => {
      queryClient.setQueryData(instagramKeyKey(), next);
      // Searches answered without a key are stale now.
      void queryClient.invalidateQueries({ queryKey: findKeys.all });
      toast.success('API key saved', {
        description:
          next.source === 'config'
            ? 'The key in the server configuration still takes precedence.'
            : 'Instagram lookups now use the new key.',
      });
      setKey('');
      setOpen(false);
    },
    onError: (err) =>
      setError(
        err instanceof ApiError && err.status === 403
          ? 'Only admins can change the API key.'
          : err instanceof ApiError
            ? err.message
            : 'Failed to save the API key. Please try again.',
      ),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZInstagramKeyRequest.safeParse({ apiKey: key });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    mutation.mutate(parsed.data.apiKey);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setKey('');
          setError(undefined);
          mutation.reset();
        }
      }}
    >
      <DialogTrigger asChild>
        {trigger ?? (
          <Button variant="ghost">
            <KeyRound className="h-4 w-4" aria-hidden="true" />
            API key
          </Button>
        )}
      </DialogTrigger>
      <DialogContent
        title="Instagram API key"
        description="Used by the server to look up creators who are not on Fanline yet."
      >
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          {status.data && <Alert tone={status.data.configured ? 'success' : 'info'}>{statusText(status.data)}</Alert>}
          {status.isError && <Alert>Could not read the current key status.</Alert>}
          <Field id={`${id}-key`} label="API key" error={error}>
            <Input
              {...fieldAria(`${id}-key`, error)}
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={key}
              onChange={(event) => setKey(event.target.value)}
            />
          </Field>
          <div className="flex justify-end gap-3">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? 'Saving…' : 'Save key'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
