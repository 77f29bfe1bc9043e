/** Help organisations the responsible gaming page lists in every language (their names are their own). */
export const HELP_ORGANISATIONS = {
  gamblingTherapy: 'https://www.gamblingtherapy.org',
  gamblersAnonymous: 'https://www.gamblersanonymous.org',
  gamCare: 'https://www.gamcare.org.uk',
  beGambleAware: 'https://www.begambleaware.org',
} as const;

/** The member centre's Responsible gaming page, where the member sets every control, and its help links. */
export const RESPONSIBLE_GAMING_PAGE = '/member?page=responsibleGaming';
export const HELP_LINKS_PAGE = '/member?page=responsibleGaming#responsible-help';
