/** Copy the web app shows in more than one place and that the contracts package does not carry. */
export const UI_MESSAGES = {
  loadingToast: 'Please wait',
  loadingScreen: 'Loading...',
} as const;
