import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PageButtons } from '../page-buttons';

const renderPages = (page: number, totalDoc: number, limit = 10) => {
  const onChange = vi.fn<(page: number) => void>();
  render(<PageButtons label="Services pages" page={page} totalDoc={totalDoc} limit={limit} onChange={onChange} />);
  const nav = screen.getByRole('navigation', { name: 'Services pages' });
  return { onChange, nav, user: userEvent.setup({ delay: null }) };
};

/** What the row shows, in order: page numbers, Previous, Next and '…' for left-out pages. */
const rowOf = (nav: HTMLElement) => Array.from(nav.querySelectorAll('li'), (item) => item.textContent);

describe('PageButtons', () => {
  it('shows one button per page up to 10 pages, without Previous, Next or gaps', () => {
    const { nav } = renderPages(4, 95);
    expect(rowOf(nav)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(within(nav).getAllByRole('button')).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: 'Previous page' })).not.toBeInTheDocument();
  });

  it('shows nothing for a single page', () => {
    render(<PageButtons page={1} totalDoc={10} limit={10} onChange={() => {}} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows 93 pages as first, last, the current page and its neighbours', () => {
    const first = renderPages(1, 930);
    expect(rowOf(first.nav)).toEqual(['Previous', '1', '2', '…', '93', 'Next']);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
  });

  it('shows the middle of 93 pages with a gap on each side', () => {
    const { nav } = renderPages(47, 930);
    expect(rowOf(nav)).toEqual(['Previous', '1', '…', '46', '47', '48', '…', '93', 'Next']);
    expect(screen.getByRole('button', { name: 'Page 47' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 46' })).not.toHaveAttribute('aria-current');
  });

  it('shows the last of 93 pages with Next disabled', () => {
    const { nav } = renderPages(93, 925);
    expect(rowOf(nav)).toEqual(['Previous', '1', '…', '92', '93', 'Next']);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  });

  it('shows a page rather than a gap that would hide only that page', () => {
    const { nav } = renderPages(4, 930);
    expect(rowOf(nav)).toEqual(['Previous', '1', '2', '3', '4', '5', '…', '93', 'Next']);
  });

  it('goes one page back or forward with Previous and Next, and to a page by its button', async () => {
    const { onChange, user } = renderPages(47, 930);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Page 93' }));
    expect(onChange.mock.calls).toEqual([[46], [48], [93]]);
  });

  it('windows 11 pages, the first count past the full row', () => {
    const { nav } = renderPages(6, 101);
    expect(rowOf(nav)).toEqual(['Previous', '1', '…', '5', '6', '7', '…', '11', 'Next']);
  });
});
