/** Copy the web app shows in more than one place and that the contracts package does not carry. */
export const UI_MESSAGES = {
  loadingToast: 'Please wait',
  loadingScreen: 'Loading...',
  /** The consent to texts about one's bookings: at registration, before paying, and in Update info. */
  textsConsent: 'Text me about my bookings',
  textsConsentDescription:
    'Confirmations, reminders and when your car is ready, to your phone. Reply STOP to end them.',
  /** Update info's switch for the messages asking to review a completed visit. */
  reviewRequestsConsent: 'Ask me to review my visits',
  reviewRequestsConsentDescription: 'A message a few hours after a completed booking, with a link to rate it.',
} as const;
