import { LIMITS, MAX_ATTACHMENTS, type TAttachment, UPLOAD_MESSAGES } from '@fanline/contracts';
import { ImagePlus, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError, apiUpload } from '../../lib/api-client';

export interface PickedImage {
  id: string;
  /** A local preview of what was picked (the stored copy is served only to the conversation). */
  preview: string;
  name: string;
}

/**
 * Up to 3 images to send with a paid message, a reply or a follow-up (issue #13). Each is uploaded
 * as soon as it is picked; the form sends only their ids. The server checks the type from the bytes
 * and the 5 MB cap again; this only spares the round trip.
 */
export function AttachmentPicker({
  value,
  onChange,
  disabled,
}: {
  value: readonly PickedImage[];
  onChange: (next: PickedImage[]) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);
  const room = MAX_ATTACHMENTS - value.length - uploading;

  const add = async (files: File[]) => {
    const picked = files.slice(0, Math.max(room, 0));
    if (files.length > picked.length) toast.error(`At most ${MAX_ATTACHMENTS} images.`);
    setUploading((n) => n + picked.length);
    const added: PickedImage[] = [];
    for (const file of picked) {
      try {
        if (file.size > LIMITS.imageBytes.max) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge);
        const stored = await apiUpload<TAttachment>('/attachments', file);
        added.push({ id: stored.id, preview: URL.createObjectURL(file), name: file.name });
      } catch (error) {
        const tooLarge = error instanceof ApiError && error.status === 413;
        toast.error(tooLarge ? UPLOAD_MESSAGES.tooLarge : UPLOAD_MESSAGES.failed, {
          description: tooLarge
            ? error.message === UPLOAD_MESSAGES.tooManyPixels
              ? error.message
              : UPLOAD_MESSAGES.tooLargeHint
            : error instanceof ApiError && error.status === 415
              ? 'Please upload a JPG, PNG, GIF or WebP image.'
              : error instanceof ApiError
                ? error.message
                : undefined,
        });
      } finally {
        setUploading((n) => n - 1);
      }
    }
    if (added.length) onChange([...value, ...added]);
  };

  return (
    <div className="mt-3">
      <div className="flex flex-wrap items-center gap-2">
        {value.map((image) => (
          <div key={image.id} className="relative">
            <img
              src={image.preview}
              alt={`Attached: ${image.name}`}
              className="h-16 w-16 rounded-lg border border-slate-200 object-cover"
            />
            <button
              type="button"
              disabled={disabled}
              onClick={() => onChange(value.filter((v) => v.id !== image.id))}
              className="absolute -top-2 -right-2 rounded-full bg-slate-900 p-1 text-white focus-visible:outline-2 focus-visible:outline-brand-600"
              aria-label={`Remove ${image.name}`}
            >
              <X className="h-3 w-3" aria-hidden="true" />
            </button>
          </div>
        ))}
        {uploading > 0 && (
          <span role="status" className="text-xs text-slate-500">
            Uploading…
          </span>
        )}
        <label
          htmlFor={`${id}-file`}
          className={`inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-lg border border-dashed border-slate-300 px-3 text-sm text-slate-700 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-brand-600 ${room <= 0 || disabled ? 'pointer-events-none opacity-50' : ''}`}
        >
          <ImagePlus className="h-4 w-4" aria-hidden="true" />
          Add images
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp"
            multiple
            className="sr-only"
            disabled={room <= 0 || disabled}
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              void add(files);
            }}
          />
        </label>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        Up to {MAX_ATTACHMENTS} images (JPG, PNG, GIF or WebP, {LIMITS.imageBytes.max / 1024 / 1024} MB each). Only you
        and the other person can see them.
      </p>
    </div>
  );
}

/** The images of one thread item, each opening full size in a new tab. */
export function AttachmentGallery({ images, owner }: { images: readonly TAttachment[]; owner: string }) {
  if (images.length === 0) return null;
  return (
    <ul aria-label={`Images from ${owner}`} className="mt-2 flex flex-wrap gap-2">
      {images.map((image, index) => (
        <li key={image.id}>
          <a
            href={image.url}
            target="_blank"
            rel="noreferrer"
            className="block rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <img
              src={image.url}
              alt={`${index + 1} of ${images.length} from ${owner}`}
              width={image.width}
              height={image.height}
              loading="lazy"
              className="h-28 w-auto max-w-[12rem] rounded-lg border border-slate-200 bg-slate-100 object-cover sm:h-36"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
