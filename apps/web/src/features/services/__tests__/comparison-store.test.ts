import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  COMPARISON_STORAGE_KEY,
  type ComparisonState,
  comparison,
  removed,
  toComparedService,
  toggled,
  useComparedServices,
} from '../comparison-store';
import { aService } from './service-fixtures';

const wash = toComparedService(aService({ name: 'Basic Wash', price: 25, duration: 30 }));
const polish = toComparedService(aService({ name: 'Polish', price: 89, duration: 90 }));
const empty: ComparisonState = { selectedServices: [] };

describe('comparison state', () => {
  it('keeps id, name, price and duration of a toggled service', () => {
    expect(toggled(empty, wash).selectedServices).toEqual([
      { id: wash.id, name: 'Basic Wash', price: 25, duration: 30 },
    ]);
  });

  it('toggling a selected service again removes it and keeps the others in order', () => {
    const both = toggled(toggled(empty, wash), polish);
    expect(both.selectedServices.map((service) => service.name)).toEqual(['Basic Wash', 'Polish']);
    expect(toggled(both, wash).selectedServices).toEqual([polish]);
  });

  it('removes one entry by id, and an id not selected changes nothing', () => {
    expect(removed({ selectedServices: [wash, polish] }, polish.id).selectedServices).toEqual([wash]);
    expect(removed({ selectedServices: [wash] }, 'not-there').selectedServices).toEqual([wash]);
  });
});

describe('the comparison store', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    comparison.reset();
  });

  it('tells every component showing it, and keeps the selection for the next page of the tab', () => {
    const first = renderHook(() => useComparedServices());
    const second = renderHook(() => useComparedServices());
    expect(first.result.current).toEqual([]);
    act(() => comparison.toggle(wash));
    act(() => comparison.toggle(polish));
    expect(first.result.current).toEqual([wash, polish]);
    expect(second.result.current).toEqual([wash, polish]);
    expect(JSON.parse(window.sessionStorage.getItem(COMPARISON_STORAGE_KEY) ?? 'null')).toEqual({
      selectedServices: [wash, polish],
    });

    // The next page reads what this one kept.
    comparison.reset();
    const next = renderHook(() => useComparedServices());
    expect(next.result.current).toEqual([wash, polish]);
    act(() => comparison.remove(wash.id));
    expect(next.result.current).toEqual([polish]);
    act(() => comparison.clear());
    expect(next.result.current).toEqual([]);
    expect(window.sessionStorage.getItem(COMPARISON_STORAGE_KEY)).toBe('{"selectedServices":[]}');
  });

  it('starts empty from storage it cannot read, and keeps only whole entries', () => {
    window.sessionStorage.setItem(COMPARISON_STORAGE_KEY, '{not json');
    expect(renderHook(() => useComparedServices()).result.current).toEqual([]);
    comparison.reset();
    window.sessionStorage.setItem(
      COMPARISON_STORAGE_KEY,
      JSON.stringify({ selectedServices: [wash, { id: 'x', name: 'No price' }, 'text'] }),
    );
    expect(renderHook(() => useComparedServices()).result.current).toEqual([wash]);
  });
});
