/** Help organisations the responsible gaming page lists in every language (their names are their own). */
export const HELP_ORGANISATIONS = {
  gamblingTherapy: 'https://www.gamblingtherapy.org',
  gamblersAnonymous: 'https://www.gamblersanonymous.org',
  gamCare: 'https://www.gamcare.org.uk',
  beGambleAware: 'https://www.begambleaware.org',
} as const;
