/** Only same-site paths may be redirect targets: '/x' yes, '//evil.example' or 'https://…' no. */
export const safeRedirectPath = (value: string | null | undefined): string | null => {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
};
