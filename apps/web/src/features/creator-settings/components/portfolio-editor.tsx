import { LIMITS, UPLOAD_MESSAGES } from '@fanline/contracts';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, ImagePlus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { useSession } from '../../../lib/auth/session';
import { uploadPortfolioImage } from '../api/creator-settings';
import { uploadFailure } from '../utils/image-file';
import { ImagePicker } from './image-picker';

/**
 * spec §5 Portfolio: up to 6 images. Adding uploads at once; reordering and removing edit the draft
 * that Save Changes sends.
 */
export function PortfolioEditor({
  value,
  onChange,
  onUploaded,
}: {
  value: string[];
  onChange(next: string[]): void;
  onUploaded(): void;
}) {
  const { user, setUser } = useSession();
  const upload = useMutation({
    mutationFn: uploadPortfolioImage,
    onSuccess: ({ portfolioImages }) => {
      if (user) setUser({ ...user, portfolioImages });
      // The new image joins the draft at the end; unsaved reorders are kept.
      const added = portfolioImages.filter((url) => !value.includes(url) && !user?.portfolioImages.includes(url));
      onChange([...value, ...added]);
      onUploaded();
      toast.success('Image added to your portfolio');
    },
    onError: (error) => toast.error(UPLOAD_MESSAGES.failed, { description: uploadFailure(error) }),
  });
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    const [item] = next.splice(index, 1);
    if (item) next.splice(index + by, 0, item);
    onChange(next);
  };
  const full = value.length >= LIMITS.portfolioImages.max;

  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        <p className="text-sm font-medium text-slate-700">Portfolio</p>
        <p className="text-xs text-slate-500">
          {value.length}/{LIMITS.portfolioImages.max} images
        </p>
      </div>
      {value.length === 0 ? (
        <p className="mt-2 rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">
          Show fans your work: add up to {LIMITS.portfolioImages.max} images.
        </p>
      ) : (
        <ul aria-label="Portfolio images" className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {value.map((url, index) => (
            <li key={url} className="overflow-hidden rounded-xl border border-slate-200">
              <img src={url} alt={`Portfolio item ${index + 1}`} className="aspect-square w-full object-cover" />
              <div className="flex items-center justify-between gap-1 p-1">
                <div className="flex gap-1">
                  <IconButton
                    label={`Move image ${index + 1} earlier`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowLeft className="h-4 w-4" aria-hidden="true" />
                  </IconButton>
                  <IconButton
                    label={`Move image ${index + 1} later`}
                    disabled={index === value.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowRight className="h-4 w-4" aria-hidden="true" />
                  </IconButton>
                </div>
                <IconButton
                  label={`Remove image ${index + 1}`}
                  onClick={() => onChange(value.filter((u) => u !== url))}
                >
                  <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
                </IconButton>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3">
        <ImagePicker
          label={upload.isPending ? 'Uploading…' : 'Add image'}
          fileLabel="Portfolio image file"
          disabled={full || upload.isPending}
          onPick={(file) => upload.mutate(file)}
        >
          <ImagePlus className="h-4 w-4" aria-hidden="true" />
        </ImagePicker>
      </div>
    </div>
  );
}

function IconButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  onClick(): void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="rounded-md p-1.5 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-30"
    >
      {children}
    </button>
  );
}
