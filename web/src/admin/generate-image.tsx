import { useState } from 'react';
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
  const [generating, setGenerating] = useState(false);

  const generate = async () => {
    if (title.trim() === '') {
      notify.error(t('create.imageNeedsTitle'));
      return;
    }
    setGenerating(true);
    try {
      const { imageUrl } = await generateLessonImage({
        lessonTitle: title.trim(),
        lessonDescription: description,
        lessonLevel: level,
        transcriptPreview,
      });
      if (!imageUrl) {
        notify.error(t('image.noUrl'));
        return;
      }
      onImage(imageUrl);
      notify.success(t('image.generated'));
    } catch (error) {
      const message = toAppError(error).message;
      notify.error(message || t('image.failed'));
    } finally {
      setGenerating(false);
    }
  };

  return (
    <>
      <div className="button-row">
        <Button variant="secondary" onClick={() => void generate()} disabled={generating}>
          {generating ? t('adminUi.generatingImage') : t('adminUi.generateImage')}
        </Button>
      </div>
      {image && (
        <img className="admin-generated-image" src={image} alt={t('adminUi.generatedImageAlt')} />
      )}
    </>
  );
}
