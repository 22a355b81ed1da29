import { useState } from 'react';

/**
 * What an input shows while it is being edited, starting from a value kept elsewhere (the URL) and following
 * that value whenever it changes there, e.g. by Back and Forward. A draft that already means the new value
 * (the search term with its trailing space still being typed) is left alone.
 */
export const useDraft = (source: string, means: (draft: string, source: string) => boolean) => {
  const [draft, setDraft] = useState(source);
  const [followed, setFollowed] = useState(source);
  // Adjusting state while rendering, as React recommends over an effect: the input never shows a stale value.
  if (followed !== source) {
    setFollowed(source);
    if (!means(draft, source)) setDraft(source);
  }
  return [draft, setDraft] as const;
};
