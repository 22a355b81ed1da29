import type { Service } from '@carcare/contracts/services';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** What the comparison dialog shows of a service; `id` is the service's _id (SPEC section 3). */
export type ComparedService = Pick<Service, 'name' | 'price' | 'duration'> & { id: string };

export type ComparisonState = { selectedServices: ComparedService[] };

type ComparisonRootState = { comparison: ComparisonState };

const initialState: ComparisonState = { selectedServices: [] };

export const comparisonSlice = createSlice({
  name: 'comparison',
  initialState,
  reducers: {
    /** Adds the service, or removes it when it is already selected. */
    comparisonToggled: (state, action: PayloadAction<ComparedService>) => {
      const index = state.selectedServices.findIndex((service) => service.id === action.payload.id);
      if (index === -1) state.selectedServices.push(action.payload);
      else state.selectedServices.splice(index, 1);
    },
    comparisonRemoved: (state, action: PayloadAction<string>) => {
      state.selectedServices = state.selectedServices.filter((service) => service.id !== action.payload);
    },
    comparisonCleared: (state) => {
      state.selectedServices = [];
    },
  },
});

export const { comparisonToggled, comparisonRemoved, comparisonCleared } = comparisonSlice.actions;

export const selectComparedServices = (state: ComparisonRootState) => state.comparison.selectedServices;

export const toComparedService = ({ _id, name, price, duration }: Service): ComparedService => ({
  id: _id,
  name,
  price,
  duration,
});
