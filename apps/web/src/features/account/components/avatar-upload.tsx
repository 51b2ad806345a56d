import { UPLOAD_MESSAGES } from '@fanline/contracts';
import { useMutation } from '@tanstack/react-query';
import { Camera } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/auth/session';
import { uploadAvatar } from '../api/account';
import { AVATAR_ACCEPT, checkAvatarFile, type TUploadProblem, uploadErrorMessage } from '../utils/avatar-file';

/** The profile picture with its upload button (spec §2 Profile settings, §5 Image upload). */
export function AvatarUpload() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { user, setUser } = useSession();
  const [problem, setProblem] = useState<TUploadProblem | null>(null);

  const upload = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: ({ avatarUrl }) => {
      if (user) setUser({ ...user, avatarUrl });
      toast.success('Profile picture updated');
    },
    onError: (error) => {
      const next = { title: UPLOAD_MESSAGES.failed, message: uploadErrorMessage(error) };
      setProblem(next);
      toast.error(next.title, { description: next.message });
    },
  });

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // picking the same file again must fire change again
    if (!file) return;
    if (!user) {
      setProblem({ title: UPLOAD_MESSAGES.failed, message: UPLOAD_MESSAGES.notAuthenticated });
      return;
    }
    const refused = checkAvatarFile(file);
    setProblem(refused);
    if (refused) {
      toast.error(refused.title, { description: refused.message });
      return;
    }
    upload.mutate(file);
  };

  const name = user?.displayName || user?.username;
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-4">
        {/* key: a new URL gets a fresh Avatar, even after an earlier image failed to load */}
        <Avatar key={user?.avatarUrl ?? 'none'} src={user?.avatarUrl} name={name} fallback={user?.email} size="xl" />
        <div>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={AVATAR_ACCEPT}
            className="hidden"
            aria-label="Profile picture file"
            onChange={onChange}
          />
          <Button
            variant="secondary"
            aria-describedby={`${id}-hint`}
            disabled={upload.isPending}
            onClick={() => input.current?.click()}
          >
            <Camera className="h-4 w-4" aria-hidden="true" />
            {upload.isPending ? 'Uploading…' : 'Change photo'}
          </Button>
          <p id={`${id}-hint`} className="mt-2 text-xs text-slate-500">
            JPG, PNG or GIF, up to 5MB
          </p>
        </div>
      </div>
      {problem && <Alert title={problem.title}>{problem.message}</Alert>}
    </div>
  );
}
