/** The query values worth sending: a filter left empty is left out, which the API reads as "any". */
export const presentParams = (values: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== ''));
