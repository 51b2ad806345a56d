import { UPLOAD_MESSAGES } from '@fanline/contracts';
import { useMutation } from '@tanstack/react-query';
import { ImageIcon } from 'lucide-react';
import { toast } from 'sonner';
import { useSession } from '../../../lib/auth/session';
import { uploadCover } from '../api/creator-settings';
import { uploadFailure } from '../utils/image-file';
import { ImagePicker } from './image-picker';

/** The cover image shown across the top of the public profile. */
export function CoverUpload({ onChanged }: { onChanged(): void }) {
  const { user, setUser } = useSession();
  const upload = useMutation({
    mutationFn: uploadCover,
    onSuccess: ({ coverUrl }) => {
      if (user) setUser({ ...user, coverUrl });
      onChanged();
      toast.success('Cover image updated');
    },
    onError: (error) => toast.error(UPLOAD_MESSAGES.failed, { description: uploadFailure(error) }),
  });
  return (
    <div>
      <p className="text-sm font-medium text-slate-700">Cover image</p>
      <div className="mt-1 overflow-hidden rounded-xl border border-slate-200 bg-gradient-to-r from-brand-100 to-brand-200">
        {user?.coverUrl ? (
          <img src={user.coverUrl} alt="Your cover" className="h-28 w-full object-cover sm:h-36" />
        ) : (
          <div className="flex h-28 items-center justify-center text-sm text-brand-800 sm:h-36">No cover image yet</div>
        )}
      </div>
      <div className="mt-2 flex items-center gap-3">
        <ImagePicker
          label={upload.isPending ? 'Uploading…' : 'Change cover'}
          fileLabel="Cover image file"
          disabled={upload.isPending}
          onPick={(file) => upload.mutate(file)}
        >
          <ImageIcon className="h-4 w-4" aria-hidden="true" />
        </ImagePicker>
        <span className="text-xs text-slate-500">JPG, PNG or GIF, up to 5MB</span>
      </div>
    </div>
  );
}
