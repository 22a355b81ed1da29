import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { type ComparedService, comparison } from '@/features/services/comparison-store';
import { CompareToggle } from '@/features/services/components/compare-toggle';
import { ComparisonButton } from '@/features/services/components/comparison-button';
import { Island } from '@/lib/islands/island';
import { ThemeProvider } from '@/lib/theme/theme-provider';
import { type EarlyActions, keepEarlyActions } from '../early-actions';
import { islandsIn, startIslands } from '../start-islands';

const CERAMIC: ComparedService = {
  id: 'df9ec8e8-7556-4b60-9a8b-97439c8fa271',
  name: 'Ceramic',
  price: 349,
  duration: 240,
};

/** A page as the server draws it: a heading that is no island, a card's Compare button, the floating button, the theme toggle. */
const serverPage = () =>
  renderToString(
    <ThemeProvider>
      <h1>Premium services</h1>
      <Island name="theme-toggle" component={ThemeToggle} props={{}} />
      <article>
        <h3>Ceramic</h3>
        <Island name="compare-toggle" component={CompareToggle} props={{ service: CERAMIC, className: 'flex-1' }} />
      </article>
      <Island name="comparison" component={ComparisonButton} props={{}} />
    </ThemeProvider>,
  );

let unmountIslands: (() => void) | undefined;
/** Starts the islands under `container`; they are unmounted after the test, as a live root keeps its timers. */
const startOn = async (container: HTMLElement, early?: EarlyActions) => {
  await act(async () => {
    unmountIslands = await startIslands(container, early);
  });
};
afterEach(() => {
  act(() => unmountIslands?.());
  unmountIslands = undefined;
});

describe('a page served as islands', () => {
  let container: HTMLElement;
  beforeEach(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
    comparison.reset();
    container = document.createElement('div');
    container.innerHTML = serverPage();
    document.body.append(container);
  });
  afterEach(() => container.remove());

  it('finds each island with the props it was drawn with, its name checked against the build', () => {
    const nested = container.querySelector('[data-island="compare-toggle"]');
    nested?.insertAdjacentHTML('beforeend', '<div data-island="theme-toggle" data-island-props="{}"></div>');
    container.insertAdjacentHTML('beforeend', '<div data-island="no-such-island"></div>');
    container.insertAdjacentHTML('beforeend', '<div data-island="scroll-to-top" data-island-props="{not json"></div>');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});

    const found = islandsIn(container);

    // An island inside another hydrates with it; an unknown one is named and left as drawn.
    expect(found.map(({ name, props }) => [name, props])).toEqual([
      ['theme-toggle', {}],
      ['compare-toggle', { service: CERAMIC, className: 'flex-1' }],
      ['comparison', {}],
    ]);
    expect(errors).toHaveBeenCalledWith('The page holds an island this build does not know: no-such-island');
    expect(errors).toHaveBeenCalledWith('The island scroll-to-top carries props that are not JSON: it stays as drawn');
    errors.mockRestore();
  });

  it('hydrates each island as a root of its own without a mismatch, and they share the comparison', async () => {
    const errors = vi.spyOn(console, 'error');
    const steps: string[] = [];
    const heading = container.querySelector('h1');

    await startOn(container, {
      stop: () => steps.push('stop'),
      answer: () => steps.push('answer'),
      holds: () => false,
    });

    await waitFor(() => expect(steps).toEqual(['stop', 'answer']));
    expect(errors).not.toHaveBeenCalled();
    // What is no island stays the server's element.
    expect(container.querySelector('h1')).toBe(heading);
    const roots = [...container.querySelectorAll('[data-island]')].filter((island) =>
      Object.keys(island).some((key) => key.startsWith('__reactContainer')),
    );
    expect(roots).toHaveLength(3);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Compare Ceramic' }));
    expect(screen.getByRole('button', { name: 'Compare Ceramic' })).toHaveAttribute('aria-pressed', 'true');
    // Another root shows the same selection.
    expect(screen.getByRole('button', { name: 'Compare services (1 selected)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Theme: system. Switch to light' }));
    expect(screen.getByRole('button', { name: 'Theme: light. Switch to dark' })).toBeInTheDocument();
    errors.mockRestore();
  });

  it('draws a selection kept from the page before once hydrated, without calling it a change', async () => {
    window.sessionStorage.setItem('comparison', JSON.stringify({ selectedServices: [CERAMIC] }));
    const errors = vi.spyOn(console, 'error');

    await startOn(container);

    const floating = await screen.findByRole('button', { name: 'Compare services (1 selected)' });
    expect(floating).not.toHaveAttribute('data-shaking');
    expect(screen.getByRole('button', { name: 'Compare Ceramic' })).toHaveAttribute('aria-pressed', 'true');
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});

/** Whether React holds the element as a root of its own. */
const isRoot = (element: Element | null) =>
  element !== null &&
  Object.entries(element).some(([key, value]) => key.startsWith('__reactContainer') && value !== null);

describe('an island that waits to be reached', () => {
  let container: HTMLElement;
  beforeEach(() => {
    window.sessionStorage.clear();
    comparison.reset();
    container = document.createElement('div');
    // The theme toggle hydrates with the page; the card's Compare button, once the visitor comes to it.
    container.innerHTML = renderToString(
      <ThemeProvider>
        <Island name="theme-toggle" component={ThemeToggle} props={{}} />
        <article>
          <Island name="compare-toggle" component={CompareToggle} props={{ service: CERAMIC }} hydrate="when-reached" />
        </article>
      </ThemeProvider>,
    );
    document.body.append(container);
  });
  afterEach(() => container.remove());

  const compareToggle = () => container.querySelector('[data-island="compare-toggle"]');

  it('is drawn saying so, and hydrates when the visitor comes to it, answering the press that brought them', async () => {
    expect(compareToggle()).toHaveAttribute('data-island-hydrate', 'when-reached');
    expect(container.querySelector('[data-island="theme-toggle"]')).not.toHaveAttribute('data-island-hydrate');
    const early = keepEarlyActions(container);

    await startOn(container, early);

    await waitFor(() => expect(isRoot(container.querySelector('[data-island="theme-toggle"]'))).toBe(true));
    expect(isRoot(compareToggle())).toBe(false);
    // The first press reaches the island before it is live: it is answered once it is, once.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Compare Ceramic' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Compare Ceramic' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(isRoot(compareToggle())).toBe(true);
    expect(JSON.parse(window.sessionStorage.getItem('comparison') ?? '{}').selectedServices).toEqual([CERAMIC]);
  });

  it('hydrates with the page when the visitor used it before the page was live', async () => {
    const early = keepEarlyActions(container);
    screen.getByRole('button', { name: 'Compare Ceramic' }).click();

    await startOn(container, early);

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Compare Ceramic' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(isRoot(compareToggle())).toBe(true);
    expect(JSON.parse(window.sessionStorage.getItem('comparison') ?? '{}').selectedServices).toEqual([CERAMIC]);
  });

  it('unmounts what it hydrated and stops waiting when stopped, so no root outlives the page', async () => {
    const theme = () => container.querySelector('[data-island="theme-toggle"]');
    await startOn(container, keepEarlyActions(container));
    await waitFor(() => expect(isRoot(theme())).toBe(true));

    act(() => unmountIslands?.());

    expect(isRoot(theme())).toBe(false);
    // The visitor coming to the waiting island no longer hydrates it.
    compareToggle()
      ?.querySelector('button')
      ?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isRoot(compareToggle())).toBe(false);
  });
});
