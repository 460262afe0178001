import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button } from '../components/button.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { notify } from '../lib/toast.ts';
import { toAppError } from '../lib/supabase.ts';
import { generateLessonImage } from './api.ts';

/** The create dialog's "Generate Image" (needs a title) and the image it produced. */
export function GenerateImage({
  title,
  description,
  level,
  transcriptPreview,
  image,
  onImage,
}: {
  title: string;
  description: string;
  level: string;
  /** The first 3 transcript lines, at most 200 characters (spec §9). */
  transcriptPreview: string;
  image: string | null;
  onImage: (url: string) => void;
}) {
  const t = useT();
  // The generated picture is private until its lesson is published: shown by a signed URL.
  const [preview, setPreview] = useState<{ url: string; shown: string } | null>(null);
  const generation = useMutation({
    mutationFn: () =>
      generateLessonImage({
        lessonTitle: title.trim(),
        lessonDescription: description,
        lessonLevel: level,
        transcriptPreview,
      }),
    onSuccess: ({ imageUrl, previewUrl }) => {
      if (!imageUrl) {
        notify.error(t('image.noUrl'));
        return;
      }
      setPreview(previewUrl ? { url: imageUrl, shown: previewUrl } : null);
      onImage(imageUrl);
      notify.success(t('image.generated'));
    },
    onError: (error) => {
      const message = toAppError(error).message;
      notify.error(message || t('image.failed'));
    },
  });
  const generating = generation.isPending;

  const generate = () => {
    if (title.trim() === '') {
      notify.error(t('create.imageNeedsTitle'));
      return;
    }
    generation.mutate();
  };

  return (
    <>
      <div className="button-row">
        <Button variant="secondary" onClick={generate} disabled={generating}>
          {generating ? t('adminUi.generatingImage') : t('adminUi.generateImage')}
        </Button>
      </div>
      {image && (
        <img
          className="admin-generated-image"
          src={preview?.url === image ? preview.shown : image}
          alt={t('adminUi.generatedImageAlt')}
        />
      )}
    </>
  );
}
