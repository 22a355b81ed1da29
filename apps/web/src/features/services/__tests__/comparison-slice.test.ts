import { describe, expect, it } from 'vitest';
import {
  type ComparisonState,
  comparisonCleared,
  comparisonRemoved,
  comparisonSlice,
  comparisonToggled,
  toComparedService,
} from '../comparison-slice';
import { aService } from './service-fixtures';

const reduce = comparisonSlice.reducer;
const wash = toComparedService(aService({ name: 'Basic Wash', price: 25, duration: 30 }));
const polish = toComparedService(aService({ name: 'Polish', price: 89, duration: 90 }));
const empty: ComparisonState = { selectedServices: [] };

describe('comparison store', () => {
  it('starts empty', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual(empty);
  });

  it('keeps id, name, price and duration of a toggled service', () => {
    const state = reduce(empty, comparisonToggled(wash));
    expect(state.selectedServices).toEqual([{ id: wash.id, name: 'Basic Wash', price: 25, duration: 30 }]);
  });

  it('toggling a selected service again removes it and keeps the others in order', () => {
    let state = reduce(empty, comparisonToggled(wash));
    state = reduce(state, comparisonToggled(polish));
    expect(state.selectedServices.map((service) => service.name)).toEqual(['Basic Wash', 'Polish']);
    state = reduce(state, comparisonToggled(wash));
    expect(state.selectedServices).toEqual([polish]);
  });

  it('removes one entry by id', () => {
    const state = reduce({ selectedServices: [wash, polish] }, comparisonRemoved(polish.id));
    expect(state.selectedServices).toEqual([wash]);
  });

  it('removing an id that is not selected changes nothing', () => {
    const state = reduce({ selectedServices: [wash] }, comparisonRemoved('not-there'));
    expect(state.selectedServices).toEqual([wash]);
  });

  it('clears the whole list', () => {
    expect(reduce({ selectedServices: [wash, polish] }, comparisonCleared())).toEqual(empty);
  });
});
