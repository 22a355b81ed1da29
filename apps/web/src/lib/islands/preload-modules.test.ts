import { afterEach, describe, expect, it, vi } from 'vitest';
import { listedModules, PRELOADS_PER_TASK, preloadModules } from './preload-modules';

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  );

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('the modules a page fetches before it imports them', () => {
  it('are handed to the browser a few at a time, each batch a task of its own', async () => {
    // The browser's tasks, run one at a time by the test.
    const tasks: Array<() => void> = [];
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((task: () => void) => {
      tasks.push(task);
      return 0;
    }) as typeof setTimeout);
    // What is waiting on promises runs, as it does before the browser's next task.
    const settle = async () => {
      for (let turn = 0; turn < 10; turn++) await Promise.resolve();
    };
    const nextTaskRuns = async () => {
      await settle();
      expect(tasks).toHaveLength(1);
      tasks.shift()?.();
      await settle();
    };
    const files = Array.from({ length: 10 }, (_, index) => `/assets/module-${index}.js`);
    const done = preloadModules(files);
    // The first batch at once; each next one once the browser has had a turn.
    expect(preloads()).toEqual(files.slice(0, PRELOADS_PER_TASK));
    await settle();
    expect(preloads()).toHaveLength(PRELOADS_PER_TASK);
    await nextTaskRuns();
    expect(preloads()).toEqual(files.slice(0, 2 * PRELOADS_PER_TASK));
    await nextTaskRuns();
    await done;
    expect(preloads()).toEqual(files);
    const link = document.head.querySelector('link');
    expect([link?.crossOrigin, link?.rel]).toEqual(['', 'modulepreload']);
  });

  it("are read from the page's list, and none when the list is missing, not JSON or names other files", () => {
    document.body.innerHTML = `
      <script type="application/json" id="listed">["/assets/a-1.js", "https://elsewhere.example/b.js", 7, "/assets/c-2.js"]</script>
      <script type="application/json" id="broken">["/assets/a-1.js"</script>
      <script type="application/json" id="object">{"file": "/assets/a-1.js"}</script>`;
    expect(listedModules('listed')).toEqual(['/assets/a-1.js', '/assets/c-2.js']);
    expect(listedModules('broken')).toEqual([]);
    expect(listedModules('object')).toEqual([]);
    expect(listedModules('absent')).toEqual([]);
  });
});
