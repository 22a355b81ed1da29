const SCROLL_TO_TOP_MS = 600;

const easeInOutCubic = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/** Scrolls the window to the top over exactly `duration` ms, eased, one frame at a time. */
export const scrollToTop = (duration = SCROLL_TO_TOP_MS) => {
  const startY = window.scrollY;
  if (startY === 0) return;
  let startTime: number | null = null;

  const step = (now: number) => {
    startTime ??= now;
    const progress = Math.min((now - startTime) / duration, 1);
    window.scrollTo(0, startY * (1 - easeInOutCubic(progress)));
    if (progress < 1) window.requestAnimationFrame(step);
  };
  window.requestAnimationFrame(step);
};
