import type { User } from '@carcare/contracts/users';
import { ImageUpIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FieldError } from '@/components/ui/field-error';
import { UserAvatar } from '@/components/user/user-avatar';
import { PROFILE_IMAGE_ACCEPT } from '../profile-form-schema';

type ProfileImageFieldProps = {
  user: User;
  file: File | null;
  error?: string;
  onSelect: (file: File | null) => void;
};

/** The current avatar (or a preview of the chosen picture) and the file picker. */
export const ProfileImageField = ({ user, file, error, onSelect }: ProfileImageFieldProps) => {
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file || error || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file, error]);

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row">
      <UserAvatar
        user={{ ...user, image: preview ?? user.image }}
        className="size-24 ring-4 ring-background"
        fallbackClassName="text-2xl"
      />
      <div className="space-y-1 text-center sm:text-left">
        <label
          htmlFor="image"
          className="inline-flex cursor-pointer items-center gap-2 rounded-md border bg-background px-4 py-2 font-medium text-sm shadow-sm hover:bg-accent focus-within:ring-[3px] focus-within:ring-ring/50"
        >
          <ImageUpIcon className="size-4" aria-hidden="true" />
          Profile Image
          <input
            id="image"
            name="image"
            type="file"
            accept={PROFILE_IMAGE_ACCEPT}
            className="sr-only"
            aria-invalid={error ? true : undefined}
            aria-describedby="image-error"
            onChange={(event) => onSelect(event.target.files?.[0] ?? null)}
          />
        </label>
        <p className="text-muted-foreground text-xs">{file ? file.name : 'JPEG, PNG, WebP, GIF or AVIF, up to 5 MB'}</p>
        <FieldError id="image-error" message={error} />
      </div>
    </div>
  );
};
