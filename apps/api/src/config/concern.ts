import type { z } from 'zod';

/** What reading a concern's settings may depend on besides its own variables. */
export type Surroundings = {
  /** NODE_ENV=production: some settings become required, some defaults change. */
  production: boolean;
  /** The directory the command was typed in: relative paths are read from here. */
  baseDir: string;
};

/** A rule between settings that no one setting's schema states: the keys it names, and why they are refused. */
export type Refusal = { key: string; message: string };

/**
 * The settings of one concern: its environment variables as a zod object (each described with `.describe()`
 * or `.meta({ description, whenUnset })`, from which the README's table is written), the rules between them,
 * and how they read into the part of the configuration the app uses. The configuration's type is what the
 * `read`s answer: nothing is written a second time by hand.
 */
export type Concern<Shape extends z.ZodRawShape, Read> = {
  /** The heading of its table in the README. */
  title: string;
  settings: z.ZodObject<Shape>;
  refuse?: (env: z.output<z.ZodObject<Shape>>, surroundings: Surroundings) => Refusal[];
  read: (env: z.output<z.ZodObject<Shape>>, surroundings: Surroundings) => Read;
};

export const concern = <Shape extends z.ZodRawShape, Read>(definition: Concern<Shape, Read>) => definition;
