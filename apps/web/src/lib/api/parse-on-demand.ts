import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { z } from 'zod';

type ContractModule<Key extends string> = Record<Key, z.ZodType>;

/**
 * A contract schema that is downloaded the first time something is checked against it: every answer is
 * validated against `packages/contracts`, yet no page carries the schema library in its first download.
 * The import must stay a literal `() => import('…')` so that the bundler gives the contract its own chunk.
 */
export const schemaOnDemand = <Key extends string, Module extends ContractModule<Key>>(
  load: () => Promise<Module>,
  key: Key,
): StandardSchemaV1<z.input<Module[Key]>, z.output<Module[Key]>> => ({
  '~standard': {
    version: 1,
    vendor: 'carcare-contracts',
    validate: async (value) => (await load())[key]['~standard'].validate(value),
  },
});

type ParsedResponse<Key extends string, Module extends ContractModule<Key>, Result> = {
  rawResponseSchema: StandardSchemaV1<z.input<Module[Key]>, z.output<Module[Key]>>;
  transformResponse: (response: z.output<Module[Key]>) => Result;
};

/**
 * Spread into an RTK Query endpoint: the answer is checked against its contract schema (loaded on demand), and
 * the endpoint's result type is inferred from that schema, optionally narrowed by `select` (e.g. to `data`).
 * An answer that does not match becomes the call's error (see `catchSchemaFailure` in base-api).
 */
export function parseOnDemand<Key extends string, Module extends ContractModule<Key>>(
  load: () => Promise<Module>,
  key: Key,
): ParsedResponse<Key, Module, z.output<Module[Key]>>;
export function parseOnDemand<Key extends string, Module extends ContractModule<Key>, Result>(
  load: () => Promise<Module>,
  key: Key,
  select: (response: z.output<Module[Key]>) => Result,
): ParsedResponse<Key, Module, Result>;
export function parseOnDemand<Key extends string, Module extends ContractModule<Key>, Result>(
  load: () => Promise<Module>,
  key: Key,
  select?: (response: z.output<Module[Key]>) => Result,
): ParsedResponse<Key, Module, Result | z.output<Module[Key]>> {
  return {
    rawResponseSchema: schemaOnDemand(load, key),
    transformResponse: (response) => (select ? select(response) : response),
  };
}

/** The checked value, or null when it does not match the contract; for calls made outside RTK Query endpoints. */
export const validOrNull = async <Output>(schema: StandardSchemaV1<unknown, Output>, value: unknown) => {
  const result = await schema['~standard'].validate(value);
  return result.issues ? null : result.value;
};
