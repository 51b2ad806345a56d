import { UPLOAD_MESSAGES } from '@fanline/contracts';
import { type ReactNode, useRef } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { IMAGE_ACCEPT, imageProblem } from '../utils/image-file';

/** A button that opens the file chooser and hands over an image that passed the spec §5 checks. */
export function ImagePicker({
  label,
  fileLabel,
  disabled,
  onPick,
  children,
}: {
  label: string;
  fileLabel: string;
  disabled?: boolean;
  onPick(file: File): void;
  children?: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        className="hidden"
        aria-label={fileLabel}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          const problem = imageProblem(file);
          if (problem) {
            toast.error(UPLOAD_MESSAGES.failed, { description: problem });
            return;
          }
          onPick(file);
        }}
      />
      <Button variant="secondary" size="sm" disabled={disabled} onClick={() => input.current?.click()}>
        {children}
        {label}
      </Button>
    </>
  );
}
