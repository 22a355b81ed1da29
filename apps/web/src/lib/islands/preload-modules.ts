/** Resolves in the browser's next task, once what is waiting (a tap, a paint) has had its turn. */
export const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** How many module preloads the browser is handed per task: each costs the main thread about a millisecond. */
export const PRELOADS_PER_TASK = 4;

/**
 * Fetches the rendered page's own modules (the app's, or its islands') before they are imported, so hydration
 * does not wait for one then the other. The links are added a few at a time, in separate tasks, so the page stays
 * responsive while they are: the import then finds them and adds none.
 */
export async function preloadModules(files: string[]) {
  for (let start = 0; start < files.length; start += PRELOADS_PER_TASK) {
    if (start > 0) await nextTask();
    for (const file of files.slice(start, start + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = file;
      document.head.append(link);
    }
  }
}

/** The module files the server listed for this page; none when the list is missing or not what it should be. */
export function listedModules(elementId: string): string[] {
  const listed = document.getElementById(elementId)?.textContent;
  try {
    const files: unknown = listed ? JSON.parse(listed) : [];
    if (!Array.isArray(files)) return [];
    return files.filter((file): file is string => typeof file === 'string' && file.startsWith('/assets/'));
  } catch {
    return [];
  }
}
